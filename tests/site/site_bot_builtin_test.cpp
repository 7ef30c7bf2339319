// A human plays the built-in bot on the site to a counted result (docs/protocol.md, "Bots").
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "site_bot_test_support.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteBotBuiltin : public BotSiteFixture {
 protected:
  std::vector<BotSpec> bots() override { return {quickBuiltin("Tengen Quick", 50)}; }
};

TEST_F(SiteBotBuiltin, HumanPlaysAWholeGameToAScore) {
  const TestUser user = guest();
  auto human = connect(user);
  json::object reply =
      challenge(*human, "Tengen Quick",
                {{"size", 9}, {"rules", "chinese"}, {"komi", 7}, {"colour", "white"}});
  ASSERT_EQ(text(reply, "type"), "challenge_accepted") << json::serialize(reply);
  const json::object& game = reply.at("game").as_object();
  const int64_t gameId = integer(game, "id");
  EXPECT_EQ(text(game, "status"), "playing");
  EXPECT_EQ(integer(game.at("white").as_object(), "id"), user.id);
  EXPECT_EQ(game.at("black").as_object().at("bot"), json::value(true));
  EXPECT_EQ(integer(game.at("owner").as_object(), "id"), user.id);

  PlayedGame played = playAgainstBot(*this, *human, gameId, "white", 30);
  ASSERT_EQ(text(played.state, "phase"), "finished") << json::serialize(played.state);
  EXPECT_GT(played.botMoves, 5);
  const bool counted = played.result.starts_with("B+") || played.result.starts_with("W+");
  EXPECT_TRUE(counted) << played.result;

  // The store holds the same ending.
  const json::object stored = storedGame(port_, gameId);
  EXPECT_EQ(text(stored, "status"), "finished");
  EXPECT_EQ(text(stored, "result"), played.result);
  auto sgf = get("/api/games/" + std::to_string(gameId) + "/sgf");
  ASSERT_EQ(sgf.status, 200);
  EXPECT_NE(sgf.body.find("RE[" + played.result + "]"), std::string::npos) << sgf.body;
  EXPECT_NE(sgf.body.find("PB[Tengen Quick]"), std::string::npos);
}

TEST_F(SiteBotBuiltin, DeclinesUndoAndIgnoresChat) {
  auto human = connect(guest());
  const int64_t gameId = challengeOk(*human, "Tengen Quick",
                                     {{"size", 9}, {"rules", "japanese"}, {"colour", "black"}});
  human->request({{"type", "watch"}, {"gameId", gameId}});
  ASSERT_EQ(verdict(command(*human, gameId, "move", {{"point", "E5"}})), "ok");
  ASSERT_TRUE(eventOfKind(*human, gameId, "move", 10s));  // mine
  ASSERT_TRUE(eventOfKind(*human, gameId, "move", 30s));  // the bot's answer
  ASSERT_EQ(verdict(command(*human, gameId, "chat", {{"text", "hello bot"}})), "ok");
  ASSERT_EQ(verdict(command(*human, gameId, "undo_request")), "ok");
  auto answer = eventOfKind(*human, gameId, "undo_reply", 10s);
  ASSERT_TRUE(answer);
  EXPECT_EQ(answer->at("event").as_object().at("accept"), json::value(false));
  EXPECT_EQ(text(answer->at("state").as_object(), "toMove"), "black");
}

// Under japanese rules a person may dispute the bot's stones: the bot plays no confirmation,
// it passes when to move and agrees to end, so the person's line decides.
TEST_F(SiteBotBuiltin, PassesAndAgreesToEndAConfirmation) {
  auto human = connect(guest());
  const int64_t gameId = challengeOk(*human, "Tengen Quick",
                                     {{"size", 9}, {"rules", "japanese"}, {"colour", "black"}});
  PlayedGame played = playAgainstBot(*this, *human, gameId, "black", 20, 60s, true);
  ASSERT_EQ(text(played.state, "phase"), "removal") << json::serialize(played.state);
  const std::string board = text(played.state, "board");
  const size_t white = board.find('w');
  ASSERT_NE(white, std::string::npos) << board;
  const std::string columns = "ABCDEFGHJ";
  const std::string point =
      std::string(1, columns[white % 9]) + std::to_string(9 - static_cast<int>(white / 9));
  json::object started = command(*human, gameId, "confirm_start", {{"points", {point}}});
  ASSERT_EQ(verdict(started), "ok") << json::serialize(started);
  ASSERT_TRUE(eventOfKind(*human, gameId, "confirm_finish", 30s));  // the bot's, at once
  ASSERT_EQ(verdict(command(*human, gameId, "confirm_pass")), "ok");
  auto botPass = eventOfKind(*human, gameId, "confirm_pass", 30s);
  ASSERT_TRUE(botPass);
  EXPECT_EQ(text(botPass->at("event").as_object(), "colour"), "black");  // mine first
  botPass = eventOfKind(*human, gameId, "confirm_pass", 30s);
  ASSERT_TRUE(botPass);
  EXPECT_EQ(text(botPass->at("event").as_object(), "colour"), "white");
  ASSERT_TRUE(eventOfKind(*human, gameId, "confirm_finish", 30s));  // the bot's again
  ASSERT_EQ(verdict(command(*human, gameId, "confirm_finish")), "ok");
  auto end = eventOfKind(*human, gameId, "confirm_end", 30s);
  ASSERT_TRUE(end);
  EXPECT_EQ(end->at("event"), json::parse(R"({"kind":"confirm_end","verdict":"alive",
      "reason":"agreed"})"));
}

TEST_F(SiteBotBuiltin, BotAsBlackPlacesFreeHandicapStones) {
  auto human = connect(guest());
  const int64_t gameId = challengeOk(*human, "Tengen Quick",
                                     {{"size", 9},
                                      {"rules", "chinese"},
                                      {"handicap", 3},
                                      {"handicapPlacement", "free"},
                                      {"colour", "white"}});
  // The bot may have placed them before the watch: ask for every event since the start.
  json::object watched =
      human->request({{"type", "watch"}, {"gameId", gameId}, {"sinceVersion", 0}});
  std::optional<json::object> handicap;
  for (const json::value& event : watched.at("events").as_array()) {
    if (text(event.at("event").as_object(), "kind") == "handicap") handicap = event.as_object();
  }
  if (!handicap) handicap = eventOfKind(*human, gameId, "handicap", 10s);
  ASSERT_TRUE(handicap);
  EXPECT_EQ(handicap->at("event").as_object().at("points").as_array().size(), 3u);
  EXPECT_EQ(text(handicap->at("state").as_object(), "toMove"), "white");
}

}  // namespace
}  // namespace tengen::site::test
