// GameMachine: seating, turn order, move legality and the end by passes under Tromp-Taylor
// (docs/protocol.md, "Game rooms").
#include "game/game_machine.h"

#include <gtest/gtest.h>

#include "game_machine_test_support.h"
#include "support/typed_settings.h"

namespace tengen::game::test {
namespace {

namespace json = boost::json;

TEST(GameMachineCreate, RefusesBadSettingsNamingTheField) {
  const Player owner{kAlice.userId, kAlice.name};
  // Rules, time control and colour are typed: their texts are checked where they are read
  // (site/rooms/table_settings.cpp, store/game_row_text.h).
  auto s = settingsFor("chinese", 4);
  EXPECT_EQ(GameMachine::create(s, owner).error().where, "settings.size");
  s = settingsFor("chinese");
  s.rules.komi = 6.3;
  EXPECT_EQ(GameMachine::create(s, owner).error().where, "settings.komi");
  s = settingsFor("chinese");
  s.handicap = 1;
  EXPECT_EQ(GameMachine::create(s, owner).error().where, "settings.handicap");
  s = settingsFor("chinese", 5);
  s.handicap = 2;  // no star points on 5x5
  EXPECT_EQ(GameMachine::create(s, owner).error().where, "settings.handicap");
  s = settingsFor("japanese");
  s.handicap = 3;
  s.freeHandicap = true;
  EXPECT_EQ(GameMachine::create(s, owner).error().where, "settings.freeHandicap");
  s = settingsFor("chinese");
  EXPECT_FALSE(GameMachine::create(s, Player{kBob.userId, kBob.name}));  // not the owner
}

TEST(GameMachineJoin, JoiningStartsTheGameWithTheOwnersColour) {
  Table t(settingsFor("chinese", 9, "white"));
  EXPECT_EQ(t.machine.phase(), Phase::Open);
  EXPECT_EQ(t.machine.white(), (Player{1, "alice"}));
  EXPECT_FALSE(t.machine.black());
  ASSERT_EQ(t.send(kBob, command("join")).value(), "start");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.machine.black(), (Player{2, "bob"}));
  EXPECT_EQ(t.machine.white(), (Player{1, "alice"}));
  EXPECT_EQ(t.machine.settings().status, game::GameStatus::Playing);
  EXPECT_EQ(t.machine.settings().blackUserId, 2);
  EXPECT_EQ(t.machine.settings().whiteUserId, 1);
  EXPECT_EQ(t.machine.viewerOf(2), Viewer::Black);
  EXPECT_EQ(t.machine.viewerOf(3), Viewer::Spectator);
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"start","black":{"id":2,"name":"bob"},
      "white":{"id":1,"name":"alice"},"nigiri":false})"));
  EXPECT_EQ(t.state().at("toMove"), "black");
  EXPECT_EQ(t.machine.summaryJson().at("status"), "playing");
}

TEST(GameMachineJoin, NigiriCoinZeroGivesTheJoinerBlack) {
  Table heads(settingsFor("chinese", 9, "nigiri"));
  ASSERT_TRUE(heads.send(kBob, command("join", {{"coin", 0}})));
  EXPECT_EQ(heads.machine.black(), (Player{2, "bob"}));
  EXPECT_EQ(heads.lastPayload().at("nigiri"), true);

  Table tails(settingsFor("chinese", 9, "nigiri"));
  ASSERT_TRUE(tails.send(kBob, command("join", {{"coin", 1}})));
  EXPECT_EQ(tails.machine.black(), (Player{1, "alice"}));
  EXPECT_EQ(tails.machine.white(), (Player{2, "bob"}));

  Table undrawn(settingsFor("chinese", 9, "nigiri"));
  EXPECT_EQ(undrawn.refusal(kBob, command("join")), "bad_request");
  EXPECT_EQ(undrawn.refusal(kBob, command("join", {{"coin", 2}})), "bad_request");
  EXPECT_EQ(undrawn.machine.phase(), Phase::Open);
}

TEST(GameMachineJoin, RefusesTheOwnerAStartedTableAndAnonymousUsers) {
  Table t(settingsFor("chinese"));
  EXPECT_EQ(t.refusal(kAlice, command("join")), "own_table");
  EXPECT_EQ(t.refusal(kNobody, command("join")), "not_logged_in");
  ASSERT_EQ(t.refusal(kBob, command("join")), "");
  EXPECT_EQ(t.refusal(kCarol, command("join")), "not_open");
  EXPECT_EQ(t.refusal(kAlice, command("cancel")), "not_open");
}

TEST(GameMachineCancel, OnlyTheOwnerCancelsAnOpenTable) {
  Table t(settingsFor("chinese"));
  EXPECT_EQ(t.refusal(kBob, command("cancel")), "not_owner");
  ASSERT_EQ(t.refusal(kAlice, command("cancel")), "");
  EXPECT_EQ(t.machine.phase(), Phase::Cancelled);
  EXPECT_EQ(t.machine.settings().status, game::GameStatus::Cancelled);
  EXPECT_EQ(t.refusal(kBob, command("join")), "not_open");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "E5"}})), "wrong_phase");
}

TEST(GameMachineMove, MovesChangeTheBoardAndTheTurn) {
  Table t = startedTable("chinese", 5);
  ASSERT_EQ(t.play("B C3 W D4"), "");
  const json::object state = t.state();
  EXPECT_EQ(boardRows(state, 5),
            ".....\n"
            "...w.\n"
            "..b..\n"
            ".....\n"
            ".....\n");
  EXPECT_EQ(state.at("toMove"), "black");
  EXPECT_EQ(state.at("lastMove"), "D4");
  EXPECT_EQ(state.at("moveNumber"), 2);
  EXPECT_EQ(state.at("phase"), "play");
  const std::string legal(state.at("legal").as_string());
  EXPECT_EQ(legal, "1111111101110111111111111");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"move","colour":"white","point":"D4",
      "timeMs":1796000002000,"captured":0})"));
  EXPECT_EQ(t.machine.moveNumber(), 2);
  EXPECT_EQ(t.machine.version(), 3);
}

TEST(GameMachineMove, OnlyThePlayerToMoveMayPlay) {
  Table t = startedTable("chinese");
  EXPECT_EQ(t.refusal(kBob, command("move", {{"point", "E5"}})), "not_your_turn");
  EXPECT_EQ(t.refusal(kCarol, command("move", {{"point", "E5"}})), "not_a_player");
  EXPECT_EQ(t.refusal(kNobody, command("move", {{"point", "E5"}})), "not_logged_in");
  EXPECT_EQ(t.refusal(kBob, command("pass")), "not_your_turn");
  EXPECT_EQ(t.machine.version(), 1);
}

TEST(GameMachineMove, MalformedAndOffBoardPoints) {
  Table t = startedTable("chinese");
  EXPECT_EQ(t.refusal(kAlice, command("move")), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", 44}})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "I5"}})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "D0"}})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "pass"}})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "K5"}})), "illegal_move off_board");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "A10"}})), "illegal_move off_board");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "j9"}})), "");
}

TEST(GameMachineMove, OccupiedAndSuicide) {
  Table t = startedTable("chinese", 5);
  EXPECT_EQ(t.play("B D4 W D4"), "W D4: illegal_move occupied");
  // White A2 and B1 leave A1 no liberty; chinese rules forbid suicide.
  EXPECT_EQ(t.play("W A2 B E4 W B1 B A1"), "B A1: illegal_move suicide");
  auto refused = t.machine.decide(kAlice, command("move", {{"point", "A1"}}), t.nowMs);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().message, "A1 is illegal for black: suicide");
}

// The ko of tests/go/ko_test.cpp built by play: Black C3 takes B3, White may not retake.
TEST(GameMachineMove, KoForbidsTheImmediateRecapture) {
  Table t = startedTable("chinese", 5);
  ASSERT_EQ(t.play("B B4 W C4 B A3 W B3 B B2 W D3 B E1 W C2 B C3"), "");
  EXPECT_EQ(t.lastPayload().at("captured"), 1);
  EXPECT_EQ(t.state().at("captures").at("black"), 1);
  EXPECT_EQ(t.play("W B3"), "W B3: illegal_move ko");
  EXPECT_EQ(t.play("W E5 B E4 W B3"), "");  // after an exchange elsewhere
}

// Sending two, returning one (tests/go/ko_test.cpp): White B1 would recreate the board
// before White A1, which positional superko (chinese) forbids.
TEST(GameMachineMove, PositionalSuperkoForbidsAnEarlierBoard) {
  Table t = startedTable("chinese", 5);
  ASSERT_EQ(t.play("B A2 W C2 B B2 W B1 B E5 W D1 B pass W A1 B C1"), "");
  EXPECT_EQ(t.play("W B1"), "W B1: illegal_move superko");
  EXPECT_EQ(t.state().at("legal").as_string()[21], '0');  // B1, bottom row
}

TEST(GameMachineVersion, AStaleExpectedVersionChangesNothing) {
  Table t = startedTable("chinese");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "E5"}, {"expectedVersion", 0}})),
            "stale_version");
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "E5"}, {"expectedVersion", "1"}})),
            "bad_request");
  EXPECT_EQ(t.machine.version(), 1);
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "E5"}, {"expectedVersion", 1}})), "");
  EXPECT_EQ(t.refusal(kBob, command("pass", {{"expectedVersion", 1}})), "stale_version");
}

// A line of chat changes nothing a move depends on: a move clicked while the opponent's line
// was on its way is played. A move by the opponent meanwhile makes it stale.
TEST(GameMachineVersion, ChatInBetweenDoesNotMakeAMoveStale) {
  Table t = startedTable("chinese");
  ASSERT_TRUE(t.send(kBob, command("chat", {{"text", "good luck"}})));
  ASSERT_EQ(t.machine.version(), 2);
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "E5"}, {"expectedVersion", 1}})), "");
  ASSERT_TRUE(t.send(kAlice, command("chat", {{"text", "you too"}})));
  EXPECT_EQ(t.refusal(kBob, command("move", {{"point", "C3"}, {"expectedVersion", 2}})),
            "stale_version");
  EXPECT_EQ(t.refusal(kBob, command("move", {{"point", "C3"}, {"expectedVersion", 3}})), "");
}

// Tromp-Taylor scores the board as it stands after two passes: Black's one stone owns all 25
// points of the 5x5 board, less komi 7.5.
TEST(GameMachinePasses, TwoPassesUnderTrompTaylorEndWithTheScore) {
  Table t = startedTable("tromp-taylor", 5);
  ASSERT_EQ(t.play("B C3 W pass"), "");
  EXPECT_EQ(t.send(kAlice, command("pass")).value(), "pass end");
  EXPECT_EQ(t.machine.phase(), Phase::Finished);
  EXPECT_EQ(t.machine.result(), "B+17.5");
  EXPECT_EQ(t.machine.settings().status, game::GameStatus::Finished);
  EXPECT_EQ(t.machine.settings().result, resultOf("B+17.5"));
  const json::object state = t.state();
  EXPECT_EQ(state.at("result"), "B+17.5");
  EXPECT_EQ(state.at("legal"), nullptr);
  EXPECT_EQ(state.at("toMove"), nullptr);
  const json::object& score = state.at("score").as_object();
  EXPECT_EQ(score.at("black").at("stones"), 1);
  EXPECT_EQ(score.at("black").at("territory"), 24);
  EXPECT_EQ(score.at("white").at("komi"), 7.5);
  EXPECT_EQ(score.at("result"), "B+17.5");
  EXPECT_EQ(score.at("territory").at("black").as_array().size(), 24u);
  EXPECT_EQ(t.lastPayload().at("result"), "B+17.5");
  EXPECT_EQ(t.refusal(kBob, command("move", {{"point", "A1"}})), "wrong_phase");
  EXPECT_EQ(t.machine.summaryJson().at("result"), "B+17.5");
}

TEST(GameMachineResign, EitherPlayerResignsAtAnyTime) {
  Table t = startedTable("chinese");
  ASSERT_EQ(t.play("B E5"), "");
  EXPECT_EQ(t.refusal(kCarol, command("resign")), "not_a_player");
  EXPECT_EQ(t.send(kAlice, command("resign")).value(), "resign end");  // not Black's turn
  EXPECT_EQ(t.machine.result(), "W+R");
  EXPECT_EQ(t.state().at("result"), "W+R");
  EXPECT_EQ(t.state().at("score"), nullptr);
  EXPECT_EQ(t.refusal(kBob, command("resign")), "wrong_phase");
}

// cycles=void (japanese, Japanese 1989 art. 12): the third time a position recurs with no
// pass between, the game ends without result. The triple ko of tests/go/positions.h, built by
// play (White's E7 hands the move back to Black), then its lap of six captures twice.
TEST(GameMachineRepetition, ATripleKoVoidsTheGameUnderJapaneseRules) {
  Table t = startedTable("japanese");
  ASSERT_EQ(t.play("B A2 W C2 B B2 W D2 B F2 W E2 B G2 W J2 B H2 W B1 B A1 W D1 B E1 W H1"
                   " B G1 W E7"),
            "");
  const std::string lap = "B C1 W F1 B J1 W B1 B E1 W H1";
  ASSERT_EQ(t.play(lap + " B C1 W F1 B J1 W B1 B E1"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.send(kBob, command("move", {{"point", "H1"}})).value(), "move end");
  EXPECT_EQ(t.machine.result(), "Void");
  EXPECT_EQ(t.state().at("result"), "Void");
  EXPECT_EQ(t.state().at("score"), nullptr);
}

}  // namespace
}  // namespace tengen::game::test
