// GNU Go seated at tables on the site (docs/protocol.md, "Bots"): a human against GNU Go, and
// GNU Go against the built-in bot, each to a counted result; and a game that survives a server
// restart. Real /usr/games/gnugo processes, real server, real SQLite file.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <thread>

#include "site_bot_test_support.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

// The first point of a 9x9 legal map in a fixed order of good points, then any.
std::string firstFree(const std::string& legal) {
  const std::string columns = "ABCDEFGHJ";
  const auto name = [&](std::size_t i) {
    return std::string(1, columns[i % 9]) + std::to_string(9 - static_cast<int>(i / 9));
  };
  for (std::size_t i : {40u, 56u, 60u, 20u, 24u}) {
    if (legal.size() == 81 && legal[i] == '1') return name(i);
  }
  return name(legal.find('1'));
}

class SiteBotGnuGo : public BotSiteFixture {
 protected:
  std::vector<BotSpec> bots() override {
    return {gtpBot(std::string("GNU Go=") + kGnuGo), quickBuiltin("Tengen Quick", 50)};
  }
};

TEST_F(SiteBotGnuGo, HumanPlaysGnuGoToAScore) {
  const TestUser user = guest();
  auto human = connect(user);
  const int64_t gameId = challengeOk(
      *human, "GNU Go", {{"size", 9}, {"rules", "chinese"}, {"komi", 7}, {"colour", "black"}});
  ASSERT_GT(gameId, 0);
  PlayedGame played = playAgainstBot(*this, *human, gameId, "black", 40);
  ASSERT_EQ(text(played.state, "phase"), "finished") << json::serialize(played.state);
  EXPECT_GT(played.botMoves, 5);
  const bool counted = played.result.starts_with("B+") || played.result.starts_with("W+");
  EXPECT_TRUE(counted) << played.result;
  EXPECT_FALSE(played.result.ends_with("+F")) << json::serialize(played.events.back());
  EXPECT_FALSE(played.result.ends_with("+R"));

  const json::object stored = storedGame(port_, gameId);
  EXPECT_EQ(text(stored, "status"), "finished");
  EXPECT_EQ(text(stored, "result"), played.result);
  auto sgf = get("/api/games/" + std::to_string(gameId) + "/sgf");
  ASSERT_EQ(sgf.status, 200);
  EXPECT_NE(sgf.body.find("RE[" + played.result + "]"), std::string::npos) << sgf.body;
  EXPECT_NE(sgf.body.find("PW[GNU Go]"), std::string::npos);
}

TEST_F(SiteBotGnuGo, GnuGoPlaysTheBuiltinBotToAResult) {
  auto watcher = connect(guest());
  json::object reply = watcher->request({{"type", "bot_match"},
                                         {"black", "Tengen Quick"},
                                         {"white", "GNU Go"},
                                         {"size", 9},
                                         {"rules", "chinese"},
                                         {"komi", 7}});
  ASSERT_EQ(text(reply, "type"), "bot_match_started") << json::serialize(reply);
  const int64_t gameId = integer(reply.at("game").as_object(), "id");
  json::object state = stateOf(*watcher, gameId);
  EXPECT_EQ(text(state, "you"), "spectator");
  auto end = eventOfKind(*watcher, gameId, "end", 60s);
  ASSERT_TRUE(end) << "the match did not end within 60 s";
  const std::string result = text(end->at("event").as_object(), "result");
  const bool decided = result.starts_with("B+") || result.starts_with("W+");
  EXPECT_TRUE(decided) << result;
  EXPECT_FALSE(result.ends_with("+F")) << result;
  EXPECT_FALSE(result.ends_with("+T")) << result;

  // At most two bot matches per user at once.
  json::object match{{"type", "bot_match"}, {"black", "GNU Go"},  {"white", "Tengen Quick"},
                     {"size", 9},           {"rules", "chinese"}, {"time", {{"kind", "none"}}}};
  EXPECT_EQ(text(watcher->request(match), "type"), "bot_match_started");
  EXPECT_EQ(text(watcher->request(match), "type"), "bot_match_started");
  EXPECT_EQ(text(watcher->request(match), "code"), "bot_busy");
  match["white"] = "GNU Go";
  EXPECT_EQ(text(watcher->request(match), "code"), "bad_request");
}

TEST_F(SiteBotGnuGo, AGameSurvivesARestartAndGnuGoPlaysOn) {
  const TestUser user = guest();
  auto human = connect(user);
  const int64_t gameId =
      challengeOk(*human, "GNU Go", {{"size", 9}, {"rules", "japanese"}, {"colour", "black"}});
  human->request({{"type", "watch"}, {"gameId", gameId}});
  // Two free points chosen from the legal map, each answered by GNU Go.
  for (int moves = 0; moves < 2; ++moves) {
    json::object state = stateOf(*human, gameId).at("state").as_object();
    const std::string point = firstFree(text(state, "legal"));
    ASSERT_EQ(verdict(command(*human, gameId, "move", {{"point", point}})), "ok");
    ASSERT_TRUE(eventOfKind(*human, gameId, "move", 10s));   // mine
    auto answer = eventOfKind(*human, gameId, "move", 30s);  // GNU Go's
    ASSERT_TRUE(answer) << "GNU Go did not answer " << point;
  }
  human.reset();
  restart();
  EXPECT_EQ(resumed_, 1);

  human = connect(user);
  json::object state = stateOf(*human, gameId);
  ASSERT_EQ(text(state.at("state").as_object(), "toMove"), "black");
  const int version = static_cast<int>(integer(state, "version"));
  // GNU Go answers from its replayed board: a move it could not know would be refused.
  const std::string point = firstFree(text(state.at("state").as_object(), "legal"));
  ASSERT_EQ(verdict(command(*human, gameId, "move", {{"point", point}})), "ok");
  auto answer = human->waitFor(
      [&](const json::object& m) {
        return text(m, "type") == "game_event" && integer(m, "gameId") == gameId &&
               integer(m, "version") > version + 1;
      },
      30s);
  ASSERT_TRUE(answer) << "GNU Go did not move after the restart";
  const json::object& event = answer->at("event").as_object();
  EXPECT_EQ(text(event, "kind"), "move") << json::serialize(event);
  EXPECT_EQ(text(event, "colour"), "white");
}

TEST_F(SiteBotGnuGo, AStopWhileGnuGoThinksLeavesTheGameToTheNextStart) {
  const TestUser user = guest();
  auto human = connect(user);
  const int64_t gameId =
      challengeOk(*human, "GNU Go", {{"size", 9}, {"rules", "chinese"}, {"colour", "black"}});
  human->request({{"type", "watch"}, {"gameId", gameId}});
  ASSERT_EQ(verdict(command(*human, gameId, "move", {{"point", "E5"}})), "ok");
  // The site stops at once, most likely while GNU Go computes its answer.
  human.reset();
  restart();
  human = connect(user);
  // Polled (a timed-out read would end the socket): GNU Go may answer before the first look.
  json::object state;
  for (int attempt = 0; attempt < 300; ++attempt) {
    state = stateOf(*human, gameId).at("state").as_object();
    if (integer(state, "moveNumber") == 2) break;
    std::this_thread::sleep_for(100ms);
  }
  EXPECT_EQ(text(state, "toMove"), "black") << json::serialize(state);
  EXPECT_EQ(integer(state, "moveNumber"), 2) << json::serialize(state);
}

TEST_F(SiteBotGnuGo, InTheRemovalPhaseGnuGoTogglesBackWhatItSeesAliveThenAccepts) {
  auto human = connect(guest());
  const int64_t gameId = challengeOk(
      *human, "GNU Go", {{"size", 9}, {"rules", "japanese"}, {"komi", 6.5}, {"colour", "black"}});
  PlayedGame played = playAgainstBot(*this, *human, gameId, "black", 40, 60s, true);
  ASSERT_EQ(text(played.state, "phase"), "removal") << json::serialize(played.state);
  // GNU Go first sets the marks to its view and accepts them.
  json::object settled = played.state;
  const auto whiteAccepted = [](const json::object& state) {
    const json::value* removal = state.if_contains("removal");
    return removal && removal->is_object() &&
           removal->as_object().at("accepted").as_object().at("white").as_bool();
  };
  if (!whiteAccepted(settled)) {
    auto accepted = human->waitFor(
        [&](const json::object& m) {
          return text(m, "type") == "game_event" && integer(m, "gameId") == gameId &&
                 whiteAccepted(m.at("state").as_object());
        },
        20s);
    ASSERT_TRUE(accepted) << "GNU Go did not accept the marks";
    settled = accepted->at("state").as_object();
  }
  // Mark one of GNU Go's stones that it sees alive.
  const json::object& removal = settled.at("removal").as_object();
  const std::string board = text(settled, "board");
  const std::string columns = "ABCDEFGHJ";
  std::string target;
  for (std::size_t i = 0; i < board.size() && target.empty(); ++i) {
    const std::string point =
        std::string(1, columns[i % 9]) + std::to_string(9 - static_cast<int>(i / 9));
    bool dead = false;
    for (const json::value& p : removal.at("dead").as_array())
      dead = dead || p.as_string() == point;
    if (board[i] == 'w' && !dead) target = point;
  }
  ASSERT_FALSE(target.empty()) << json::serialize(played.state);
  ASSERT_EQ(verdict(command(*human, gameId, "removal_toggle", {{"point", target}})), "ok");
  auto back = human->waitFor(
      [&](const json::object& m) {
        if (text(m, "type") != "game_event" || integer(m, "gameId") != gameId) return false;
        const json::object& e = m.at("event").as_object();
        return text(e, "kind") == "removal_toggle" && text(e, "colour") == "white";
      },
      20s);
  ASSERT_TRUE(back) << "GNU Go did not toggle " << target << " back";
  EXPECT_EQ(back->at("event").as_object().at("dead"), json::value(false));
  // Once the marks are its view again, GNU Go accepts, and so does the human: counted.
  PlayedGame rest = playAgainstBot(*this, *human, gameId, "black", 0, 30s);
  ASSERT_EQ(text(rest.state, "phase"), "finished") << json::serialize(rest.state);
  EXPECT_TRUE(rest.result.starts_with("B+") || rest.result.starts_with("W+")) << rest.result;
}

}  // namespace
}  // namespace tengen::site::test
