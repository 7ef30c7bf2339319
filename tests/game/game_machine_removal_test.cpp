// GameMachine after the passes: the stone-removal phase, agreeing on the count, resuming
// play, and the AGA rule that White passes last (docs/protocol.md, "Commands").
#include <gtest/gtest.h>

#include "game/game_machine.h"
#include "game_machine_test_support.h"

namespace tengen::game::test {
namespace {

namespace json = boost::json;

// Black walls off columns A-E, White F-J; White's lone stone at B5 lies inside Black's area
// and is dead. Alice is Black, Bob White; Black passes, White plays B5, then both pass.
constexpr std::string_view kWalls =
    "B E1 W F1 B E2 W F2 B E3 W F3 B E4 W F4 B E5 W F5 B E6 W F6 B E7 W F7 B E8 W F8"
    " B E9 W F9 B pass W B5";

Table tableInRemoval(const std::string& rules) {
  Table t = startedTable(rules);
  EXPECT_EQ(t.play(std::string(kWalls) + " B pass"), "");
  auto ended = t.send(kBob, command("pass"));
  EXPECT_TRUE(ended && *ended == "pass removal_start");
  return t;
}

json::value removalOf(const Table& t) { return t.state().at("removal"); }

TEST(GameMachineRemoval, PassesUnderJapaneseRulesOpenRemovalWithTheProposal) {
  Table t = tableInRemoval("japanese");
  EXPECT_EQ(t.machine.phase(), Phase::Removal);
  EXPECT_EQ(t.lastPayload().at("dead"), json::parse(R"(["B5"])"));
  EXPECT_TRUE(t.lastPayload().at("uncertain").is_array());
  const json::object state = t.state();
  EXPECT_EQ(state.at("phase"), "removal");
  EXPECT_EQ(state.at("legal"), nullptr);
  EXPECT_EQ(state.at("removal").at("dead"), json::parse(R"(["B5"])"));
  EXPECT_EQ(state.at("removal").at("accepted"), json::parse(R"({"black":false,"white":false})"));
  // The live count with B5 dead: Black 36 territory + 1 prisoner, White 27 + 6.5 komi.
  EXPECT_EQ(state.at("score").at("result"), "B+3.5");
  EXPECT_EQ(state.at("score").at("dead"), json::parse(R"(["B5"])"));
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "A1"}})), "wrong_phase");
  EXPECT_EQ(t.refusal(kCarol, command("removal_accept")), "not_a_player");
}

TEST(GameMachineRemoval, BothAcceptingEndsTheGameWithTheCount) {
  Table t = tableInRemoval("japanese");
  ASSERT_EQ(t.send(kAlice, command("removal_accept")).value(), "removal_accept");
  EXPECT_EQ(removalOf(t).at("accepted"), json::parse(R"({"black":true,"white":false})"));
  EXPECT_EQ(t.refusal(kAlice, command("removal_accept")), "bad_request");
  ASSERT_EQ(t.send(kBob, command("removal_accept")).value(), "removal_accept end");
  EXPECT_EQ(t.machine.phase(), Phase::Finished);
  EXPECT_EQ(t.machine.result(), "B+3.5");
  EXPECT_EQ(t.lastPayload().at("result"), "B+3.5");
  const json::object state = t.state();
  EXPECT_EQ(state.at("removal"), nullptr);
  const json::object& score = state.at("score").as_object();
  EXPECT_EQ(score.at("black").at("territory"), 36);
  EXPECT_EQ(score.at("black").at("dead"), 1);
  EXPECT_EQ(score.at("black").at("total").to_number<double>(), 37.0);
  EXPECT_EQ(score.at("white").at("territory"), 27);
  EXPECT_EQ(score.at("white").at("total"), 33.5);
  EXPECT_EQ(score.at("dead"), json::parse(R"(["B5"])"));
  EXPECT_EQ(score.at("territory").at("black").as_array().size(), 36u);
}

// Both players click Accept at about the same time: the second click was sent before the
// first acceptance reached its page. The marks are the same, so it still ends the game; after
// a toggle the same old version is stale, since the marks it accepted have changed.
TEST(GameMachineRemoval, AnAcceptSentBeforeTheOpponentsStillCountsUnlessTheMarksChanged) {
  Table t = tableInRemoval("japanese");
  const int64_t seen = t.machine.version();
  ASSERT_TRUE(t.send(kAlice, command("removal_accept", {{"expectedVersion", seen}})));
  ASSERT_TRUE(t.send(kAlice, command("chat", {{"text", "ok?"}})));
  EXPECT_EQ(t.send(kBob, command("removal_accept", {{"expectedVersion", seen}})).value(),
            "removal_accept end");
  EXPECT_EQ(t.machine.result(), "B+3.5");

  Table toggled = tableInRemoval("japanese");
  const int64_t before = toggled.machine.version();
  ASSERT_TRUE(toggled.send(kAlice, command("removal_toggle", {{"point", "B5"}})));
  EXPECT_EQ(toggled.refusal(kBob, command("removal_accept", {{"expectedVersion", before}})),
            "stale_version");
  // A version the game has not reached is no more current.
  EXPECT_EQ(toggled.refusal(kBob, command("removal_accept", {{"expectedVersion", before + 2}})),
            "stale_version");
  EXPECT_EQ(toggled.machine.phase(), Phase::Removal);
}

TEST(GameMachineRemoval, ToggleFlipsTheWholeChainAndClearsAcceptance) {
  Table t = tableInRemoval("japanese");
  ASSERT_TRUE(t.send(kAlice, command("removal_accept")));
  // A dispute: White says its stone lives.
  ASSERT_EQ(t.send(kBob, command("removal_toggle", {{"point", "B5"}})).value(), "removal_toggle");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"removal_toggle","colour":"white",
      "point":"B5","dead":false,"points":["B5"]})"));
  EXPECT_EQ(removalOf(t).at("dead"), json::array());
  EXPECT_EQ(removalOf(t).at("accepted"), json::parse(R"({"black":false,"white":false})"));
  // With B5 alive, Black's area touches a white stone and is nobody's territory.
  EXPECT_EQ(t.state().at("score").at("result"), "W+33.5");
  // Marking Black's wall dead marks all nine stones.
  ASSERT_TRUE(t.send(kAlice, command("removal_toggle", {{"point", "E5"}})));
  EXPECT_EQ(t.lastPayload().at("points").as_array().size(), 9u);
  EXPECT_EQ(removalOf(t).at("dead").as_array().size(), 9u);
  ASSERT_TRUE(t.send(kAlice, command("removal_toggle", {{"point", "E9"}})));
  EXPECT_EQ(removalOf(t).at("dead"), json::array());
  EXPECT_EQ(t.refusal(kAlice, command("removal_toggle", {{"point", "A1"}})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("removal_toggle", {{"point", "Z1"}})), "bad_request");
  // Agreeing on B5 alive counts it so.
  ASSERT_TRUE(t.send(kBob, command("removal_accept")));
  ASSERT_EQ(t.send(kAlice, command("removal_accept")).value(), "removal_accept end");
  EXPECT_EQ(t.machine.result(), "W+33.5");
}

// Japanese 1989 art. 9: after a resumption the opponent of the player who asked plays first.
TEST(GameMachineResume, UnderJapaneseRulesTheOpponentOfTheAskerMovesFirst) {
  Table t = tableInRemoval("japanese");
  ASSERT_EQ(t.send(kAlice, command("resume")).value(), "resume");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"resume","colour":"black","toMove":"white"})"));
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.state().at("toMove"), "white");
  EXPECT_EQ(t.state().at("removal"), nullptr);
  // Two fresh passes end it again; the one before the resumption does not count.
  EXPECT_EQ(t.refusal(kAlice, command("undo_request")), "nothing_to_undo");
  ASSERT_EQ(t.play("W pass"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.send(kAlice, command("pass")).value(), "pass removal_start");
  EXPECT_EQ(t.lastPayload().at("dead"), json::parse(R"(["B5"])"));
}

// An undo after a resumption rebuilds the game with the resumption in place: the passes
// before it stay settled, White is to move again, and two fresh passes are still needed.
TEST(GameMachineResume, UndoAfterTheResumptionKeepsIt) {
  Table t = tableInRemoval("japanese");
  const int passed = t.machine.moveNumber();
  ASSERT_TRUE(t.send(kAlice, command("resume")));
  ASSERT_EQ(t.play("W G5 B C5"), "");
  ASSERT_TRUE(t.send(kBob, command("undo_request")));
  ASSERT_TRUE(t.send(kAlice, command("undo_reply", {{"accept", true}})));
  EXPECT_EQ(t.lastPayload().at("undone"), 2);
  EXPECT_EQ(t.machine.moveNumber(), passed);
  EXPECT_EQ(t.state().at("toMove"), "white");
  EXPECT_EQ(t.state().at("lastMove"), "pass");
  EXPECT_EQ(t.refusal(kBob, command("undo_request")), "nothing_to_undo");
  ASSERT_EQ(t.play("W pass"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.send(kAlice, command("pass")).value(), "pass removal_start");
  auto replayed = GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, t.log);
  ASSERT_TRUE(replayed) << replayed.error().toString();
  EXPECT_EQ(replayed->stateJson(t.nowMs), t.state());
}

TEST(GameMachineResume, UnderChineseRulesTheColourWhoseTurnItWasMovesFirst) {
  Table t = tableInRemoval("chinese");
  ASSERT_EQ(t.send(kBob, command("resume")).value(), "resume");
  EXPECT_EQ(t.lastPayload().at("toMove"), "black");
  EXPECT_EQ(t.state().at("toMove"), "black");
  ASSERT_EQ(t.play("B B5 W pass"), "B B5: illegal_move occupied");
  ASSERT_EQ(t.play("B C5 W pass B pass"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Removal);
}

TEST(GameMachineRemoval, ResignStillEndsTheGame) {
  Table t = tableInRemoval("japanese");
  ASSERT_EQ(t.send(kBob, command("resign")).value(), "resign end");
  EXPECT_EQ(t.machine.result(), "B+R");
  EXPECT_EQ(t.state().at("score"), nullptr);
}

// AGA: two passes end the game only if White passed last, so Black passing after White
// hands White the last pass.
TEST(GameMachinePasses, AgaNeedsWhiteToPassLast) {
  Table t = startedTable("aga");
  ASSERT_EQ(t.play("B E5 W pass B pass"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.state().at("toMove"), "white");
  EXPECT_EQ(t.send(kBob, command("pass")).value(), "pass removal_start");
  EXPECT_EQ(t.machine.phase(), Phase::Removal);

  Table direct = startedTable("aga");
  ASSERT_EQ(direct.play("B E5 W D5 B pass"), "");
  EXPECT_EQ(direct.send(kBob, command("pass")).value(), "pass removal_start");
}

// The removal phase stops both clocks.
TEST(GameMachineRemoval, NoClockRunsDuringRemoval) {
  auto s = settingsFor("japanese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":600})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join")));
  ASSERT_EQ(t.play("B E5 W pass B pass"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Removal);
  EXPECT_EQ(t.machine.clockDeadlineMs(), std::nullopt);
  EXPECT_EQ(t.state().at("clocks").at("running"), nullptr);
  ASSERT_TRUE(t.send(kAlice, command("resume")));
  EXPECT_EQ(t.state().at("clocks").at("running"), "white");
  EXPECT_TRUE(t.machine.clockDeadlineMs());
}

}  // namespace
}  // namespace tengen::game::test
