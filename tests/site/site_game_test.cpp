// Whole games between two real WebSocket clients over a real SQLite file
// (docs/protocol.md, "Game rooms").

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <thread>

#include "sgf/game_record.h"
#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteGameTest : public SiteFixture {};

const json::object& stateIn(const json::object& message) { return message.at("state").as_object(); }

// The triple ko of tests/go/positions.h along the bottom edge, plus a suicide point for White
// at A9 (Black A8 and B9); White to move.
constexpr std::string_view kSetup =
    "B A2 W C2 B B2 W D2 B F2 W E2 B G2 W J2 B H2 W B1 B A1 W D1 B E1 W H1 B G1 W H9 "
    "B A8 W J8 B B9";

// A sender watching the game hears its move once: the move's game_event, carrying the
// command's id, is the reply (docs/protocol.md "Commands"); no `ok` follows it. A sender that
// does not watch gets the `ok`.
TEST_F(SiteGameTest, AWatchingSenderHearsItsMoveOnceAsTheReply) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  ASSERT_TRUE(alice->sendText(R"({"type":"move","id":"m1","gameId":)" + std::to_string(game) +
                              R"(,"point":"E5"})"));
  auto reply = alice->waitFor([](const json::object& m) { return m.contains("id"); });
  ASSERT_TRUE(reply);
  EXPECT_EQ(text(*reply, "type"), "game_event") << json::serialize(*reply);
  EXPECT_EQ(reply->at("id"), "m1");
  EXPECT_EQ(reply->at("event").at("point"), "E5");
  EXPECT_EQ(verdict(*reply), "ok");
  const int64_t version = integer(*reply, "version");
  ASSERT_TRUE(bob->event(game, version));

  ASSERT_EQ(verdict(bob->request({{"type", "unwatch"}, {"gameId", game}})), "ok");
  json::object answered = command(*bob, game, "move", {{"point", "C3"}});
  EXPECT_EQ(text(answered, "type"), "ok") << json::serialize(answered);
  EXPECT_EQ(integer(answered, "version"), version + 1);
  auto heard = alice->event(game, version + 1);
  ASSERT_TRUE(heard);
  EXPECT_FALSE(heard->contains("id")) << json::serialize(*heard);
  // Alice heard E5 once, as the reply: neither the same event again nor an ok.
  for (const json::object& later : alice->drain(300ms)) {
    EXPECT_NE(integer(later, "version"), version) << json::serialize(later);
    EXPECT_NE(text(later, "type"), "ok") << json::serialize(later);
  }
}

TEST_F(SiteGameTest, IllegalMovesAreRefusedAndChangeNothing) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {{"rules", "tromp-taylor suicide=forbidden"}});
  play(*alice, *bob, game, kSetup);

  auto expectRefused = [&](SiteClient& who, std::string_view point, std::string_view code,
                           std::string_view reason) {
    const json::object before = stateOf(who, game);
    json::object reply = command(who, game, "move", {{"point", point}});
    EXPECT_EQ(text(reply, "type"), "error") << json::serialize(reply);
    EXPECT_EQ(text(reply, "code"), code) << point << ": " << json::serialize(reply);
    EXPECT_EQ(text(reply, "reason"), reason) << point;
    const json::object after = stateOf(who, game);
    EXPECT_EQ(integer(after, "version"), integer(before, "version")) << point;
    EXPECT_EQ(text(stateIn(after), "board"), text(stateIn(before), "board")) << point;
    EXPECT_EQ(text(stateIn(after), "toMove"), text(stateIn(before), "toMove")) << point;
  };

  // Suicide=forbidden: a lone stone with no liberty that captures nothing.
  expectRefused(*bob, "A9", "illegal_move", "suicide");
  expectRefused(*bob, "A2", "illegal_move", "occupied");
  expectRefused(*alice, "E5", "not_your_turn", "");
  play(*alice, *bob, game, "W E7 B C1");
  // The immediate retake of the ko.
  expectRefused(*bob, "B1", "illegal_move", "ko");
  // Around the three kos: White's H1 would bring back the first position (positional superko).
  play(*alice, *bob, game, "W F1 B J1 W B1 B E1");
  expectRefused(*bob, "H1", "illegal_move", "superko");
  expectRefused(*bob, "Z1", "illegal_move", "off_board");

  play(*alice, *bob, game, "W E8 B pass W pass");
  const json::object finished = stateOf(*alice, game);
  EXPECT_EQ(text(stateIn(finished), "phase"), "finished");
  EXPECT_FALSE(text(stateIn(finished), "result").empty());
  // After the end nothing is accepted, and the game stays as it ended.
  json::object late = command(*alice, game, "move", {{"point", "E5"}});
  EXPECT_EQ(text(late, "type"), "error");
  EXPECT_EQ(text(late, "code"), "wrong_phase") << json::serialize(late);
  EXPECT_EQ(integer(stateOf(*alice, game), "version"), integer(finished, "version"));
}

TEST_F(SiteGameTest, TwoPassesUnderTrompTaylorFinishWithTheExactResult) {
  const TestUser aliceUser = registered("alice");
  const TestUser bobUser = registered("bob");
  auto alice = connect(aliceUser);
  auto bob = connect(bobUser);
  const int64_t game = startGame(*alice, *bob, {{"rules", "tromp-taylor"}, {"komi", 7.5}});
  // Area scoring: one stone each, every empty point reaches both colours (dame): W+7.5.
  play(*alice, *bob, game, "B E5 W C3 B pass");
  json::object last = command(*bob, game, "pass");
  ASSERT_EQ(verdict(last), "ok") << json::serialize(last);
  const int64_t version = integer(last, "version");
  // Every watcher got each event before the ok: pass, then end with the result.
  auto end = alice->event(game, version);
  ASSERT_TRUE(end);
  EXPECT_EQ(text(end->at("event").as_object(), "kind"), "end");
  EXPECT_EQ(text(end->at("event").as_object(), "result"), "W+7.5");
  EXPECT_EQ(text(stateIn(*end), "phase"), "finished");
  EXPECT_EQ(text(stateIn(*end), "result"), "W+7.5");

  // The games row follows the log (written just after the event), so allow it a moment.
  json::array games;
  for (int i = 0; i < 100 && games.empty(); ++i) {
    auto listed = get("/api/games?status=finished&limit=5");
    ASSERT_EQ(listed.status, 200) << listed.body;
    games = json::parse(listed.body).at("games").as_array();
    if (games.empty()) std::this_thread::sleep_for(10ms);
  }
  ASSERT_EQ(games.size(), 1u);
  EXPECT_EQ(integer(games[0].as_object(), "id"), game);
  auto reply = get("/api/games/" + std::to_string(game));
  ASSERT_EQ(reply.status, 200) << reply.body;
  const json::object summary = json::parse(reply.body).at("game").as_object();
  EXPECT_EQ(text(summary, "status"), "finished");
  EXPECT_EQ(text(summary, "result"), "W+7.5");
  EXPECT_EQ(integer(summary, "moveNumber"), 4);
  EXPECT_EQ(json::parse(get("/api/games?status=playing").body).at("games").as_array().size(), 0u);

  auto sgf = get("/api/games/" + std::to_string(game) + "/sgf");
  ASSERT_EQ(sgf.status, 200);
  EXPECT_EQ(sgf.header("content-type"), "application/x-go-sgf; charset=utf-8");
  EXPECT_EQ(sgf.header("content-disposition"),
            "attachment; filename=\"tengen-" + std::to_string(game) + ".sgf\"");
  auto loaded = sgf::loadGame(sgf.body);
  ASSERT_TRUE(loaded) << loaded.error().toString() << "\n" << sgf.body;
  EXPECT_EQ(loaded->info.result, "W+7.5");
  EXPECT_EQ(loaded->info.blackName, "alice");
  EXPECT_EQ(loaded->info.whiteName, "bob");
  EXPECT_EQ(loaded->movesInFile, 4);

  EXPECT_EQ(get("/api/games/999999").status, 404);
  EXPECT_EQ(get("/api/games/999999/sgf").status, 404);
  EXPECT_EQ(get("/api/games/abc").status, 404);
}

TEST_F(SiteGameTest, ResignationEndsTheGameForTheOpponent) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  play(*alice, *bob, game, "B E5");
  json::object resigned = command(*alice, game, "resign");
  ASSERT_EQ(verdict(resigned), "ok") << json::serialize(resigned);
  auto end = bob->event(game, integer(resigned, "version"));
  ASSERT_TRUE(end);
  EXPECT_EQ(text(stateIn(*end), "result"), "W+R");
  EXPECT_EQ(text(stateIn(*end), "phase"), "finished");
  // The room's summary is updated before the event goes out, so a watcher that asks right
  // after hearing it never reads the game as still playing.
  auto reply = get("/api/games/" + std::to_string(game));
  ASSERT_EQ(reply.status, 200) << reply.body;
  const json::object summary = json::parse(reply.body).at("game").as_object();
  EXPECT_EQ(text(summary, "status"), "finished");
  EXPECT_EQ(text(summary, "result"), "W+R");
  EXPECT_EQ(text(command(*bob, game, "resign"), "code"), "wrong_phase");
}

TEST_F(SiteGameTest, UndoAcceptedTakesBackTheMoveAndDeclinedKeepsIt) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  play(*alice, *bob, game, "B E5 W C3");
  EXPECT_EQ(text(command(*bob, game, "undo_reply", {{"accept", true}}), "code"), "no_undo_request");

  // Declined: the move stays and White is still... Black to move.
  ASSERT_EQ(verdict(command(*bob, game, "undo_request")), "ok");
  json::object declined = command(*alice, game, "undo_reply", {{"accept", false}});
  ASSERT_EQ(verdict(declined), "ok") << json::serialize(declined);
  json::object state = stateOf(*alice, game);
  EXPECT_EQ(text(stateIn(state), "lastMove"), "C3");
  EXPECT_EQ(text(stateIn(state), "toMove"), "black");

  // Accepted: C3 is gone and White moves again.
  ASSERT_EQ(verdict(command(*bob, game, "undo_request")), "ok");
  EXPECT_EQ(text(stateIn(stateOf(*bob, game)), "undoRequest"), "white");
  json::object accepted = command(*alice, game, "undo_reply", {{"accept", true}});
  ASSERT_EQ(verdict(accepted), "ok") << json::serialize(accepted);
  auto event = bob->event(game, integer(accepted, "version"));
  ASSERT_TRUE(event);
  EXPECT_EQ(integer(event->at("event").as_object(), "undone"), 1);
  state = stateOf(*alice, game);
  EXPECT_EQ(text(stateIn(state), "toMove"), "white");
  EXPECT_EQ(text(stateIn(state), "lastMove"), "E5");
  EXPECT_EQ(integer(stateIn(state), "moveNumber"), 1);
  play(*alice, *bob, game, "W D4");
}

TEST_F(SiteGameTest, HandicapStonesFixedOrPlacedByBlack) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t fixed = startGame(*alice, *bob, {{"handicap", 2}});
  json::object state = stateOf(*alice, fixed);
  EXPECT_EQ(text(state.at("state").as_object(), "phase"), "play");
  EXPECT_EQ(text(state.at("state").as_object(), "toMove"), "white");
  play(*alice, *bob, fixed, "W E5");

  const int64_t free = startGame(
      *alice, *bob, {{"rules", "chinese"}, {"handicap", 2}, {"handicapPlacement", "free"}});
  state = stateOf(*alice, free);
  ASSERT_EQ(text(state.at("state").as_object(), "phase"), "handicap") << json::serialize(state);
  EXPECT_EQ(
      text(command(*bob, free, "place_handicap", {{"points", json::array{"C3", "G7"}}}), "code"),
      "not_your_turn");
  EXPECT_EQ(text(command(*alice, free, "place_handicap", {{"points", json::array{"C3"}}}), "code"),
            "bad_request");
  json::object placed =
      command(*alice, free, "place_handicap", {{"points", json::array{"C3", "G7"}}});
  ASSERT_EQ(verdict(placed), "ok") << json::serialize(placed);
  state = stateOf(*bob, free);
  EXPECT_EQ(text(state.at("state").as_object(), "phase"), "play");
  EXPECT_EQ(text(state.at("state").as_object(), "toMove"), "white");
  play(*alice, *bob, free, "W E5");
}

}  // namespace
}  // namespace tengen::site::test
