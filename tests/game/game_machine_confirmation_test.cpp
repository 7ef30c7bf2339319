// Confirmation play in the removal phase (japanese and korean rules; go/confirmation.h):
// disputing chains, playing them out on a board of their own with the art. 7-2 ko lock, the
// verdict setting the marks, the move cap and the deadline that keep it from stalling, the
// log replaying it, and the SGF variation that records it (docs/protocol.md, "Commands").
#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "game/game_machine.h"
#include "game_machine_test_support.h"
#include "sgf/game_record.h"

namespace tengen::game::test {
namespace {

namespace json = boost::json;

const Player kOwner{kAlice.userId, kAlice.name};

// Alice is Black, Bob White. White's corner group A4 B4 B3 B2 C2 C1 has the bent-four eye
// space A1 A2 A3 B1 inside Black's wall A5 B5 C5 C4 C3 D3 D2 D1; then both pass.
constexpr std::string_view kBentFour =
    "B A5 W A4 B B5 W B4 B C5 W B3 B C4 W B2 B C3 W C2 B D3 W C1 B D2 W pass B D1 W pass";

const std::vector<std::string> kCorner{"A4", "B2", "B3", "B4", "C1", "C2"};

std::vector<std::string> names(const json::value& points) {
  std::vector<std::string> out;
  for (const json::value& p : points.as_array()) out.emplace_back(p.as_string());
  std::sort(out.begin(), out.end());
  return out;
}

// The bent-four game in the removal phase, with White's corner marked alive: White disputes
// the proposal (which may have marked it dead).
Table bentFourInRemoval(const std::string& rules = "japanese") {
  Table t = startedTable(rules);
  EXPECT_EQ(t.play(std::string(kBentFour)), "");
  auto ended = t.send(kAlice, command("pass"));
  EXPECT_TRUE(ended && *ended == "pass removal_start");
  if (t.machine.deadStones().contains(t.machine.game().geometry().fromGtp("B3").value())) {
    EXPECT_TRUE(t.send(kBob, command("removal_toggle", {{"point", "B3"}})));
  }
  return t;
}

Command confirmStart(std::initializer_list<std::string_view> points) {
  json::array list;
  for (std::string_view p : points) list.emplace_back(p);
  return command("confirm_start", {{"points", std::move(list)}});
}

Command confirmMove(std::string_view point) { return command("confirm_move", {{"point", point}}); }

json::value confirmationOf(const Table& t) { return t.state().at("removal").at("confirmation"); }

// Plays "B A2 W pass" in the confirmation; "" or the first refusal ("W A1: illegal_move ko").
std::string confirmPlay(Table& t, const std::string& moves) {
  std::istringstream in(moves);
  std::string colour, point;
  while (in >> colour >> point) {
    const Actor& actor = colour == "B" ? t.blackActor() : t.whiteActor();
    const Command c = point == "pass" ? command("confirm_pass") : confirmMove(point);
    const std::string refused = t.refusal(actor, c);
    if (!refused.empty()) return colour + " " + point + ": " + refused;
  }
  return "";
}

TEST(GameMachineConfirmation, ADisputedBentFourIsPlayedOutAndFoundDead) {
  Table t = bentFourInRemoval();
  EXPECT_TRUE(t.state().at("removal").at("dead").as_array().empty());
  EXPECT_EQ(t.state().at("removal").at("confirmation"), nullptr);
  ASSERT_TRUE(t.send(kBob, command("removal_accept")));

  // Black disputes: White's corner is dead. Both acceptances are cleared.
  ASSERT_EQ(t.send(kAlice, confirmStart({"B3"})).value(), "confirm_start");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"confirm_start","colour":"black",
      "points":["C1","B2","C2","B3","A4","B4"],"attacker":"black"})"));
  EXPECT_EQ(t.state().at("removal").at("accepted"),
            json::parse(R"({"black":false,"white":false})"));
  json::object c = confirmationOf(t).as_object();
  EXPECT_EQ(c.at("board"), t.state().at("board"));
  EXPECT_EQ(c.at("toMove"), "black");
  EXPECT_EQ(c.at("attacker"), "black");
  EXPECT_EQ(t.machine.confirmationToMove(), go::Color::Black);  // what a bot reads
  EXPECT_EQ(names(c.at("disputed")), kCorner);
  EXPECT_EQ(c.at("moves"), json::array());
  EXPECT_EQ(c.at("locked"), json::array());
  EXPECT_EQ(c.at("finish"), json::parse(R"({"black":false,"white":false})"));
  EXPECT_EQ(c.at("deadlineMs"), t.log.back().timeMs + 5 * 60 * 1000);
  // The legal map is the confirmation's, for Black: A1 and B1 are empty.
  const std::string legal(c.at("legal").as_string());
  EXPECT_EQ(legal.substr(72, 4), "1100");  // row 1: A1 B1, not on C1 D1
  // The marks wait for the verdict.
  EXPECT_EQ(t.refusal(kBob, command("removal_toggle", {{"point", "B3"}})), "bad_request");
  EXPECT_EQ(t.refusal(kBob, command("removal_accept")), "bad_request");
  EXPECT_EQ(t.refusal(kBob, command("resume")), "bad_request");
  EXPECT_EQ(t.refusal(kBob, confirmStart({"D1"})), "bad_request");

  // The attacker plays the vital point; White's atari; Black takes the ko.
  ASSERT_EQ(confirmPlay(t, "B A2 W A1 B B1"), "");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"confirm_move","colour":"black",
      "point":"B1"})"));
  c = confirmationOf(t).as_object();
  EXPECT_EQ(c.at("toMove"), "white");
  EXPECT_EQ(c.at("locked"), json::parse(R"(["A1"])"));
  EXPECT_EQ(std::string(c.at("legal").as_string()).substr(72, 1), "0");
  EXPECT_EQ(c.at("moves").as_array().size(), 3u);
  EXPECT_EQ(c.at("moves").as_array()[1], json::parse(R"({"colour":"white","point":"A1"})"));
  // The game's own board is untouched.
  EXPECT_EQ(t.machine.game().board().at(t.machine.game().geometry().fromGtp("A2").value()),
            go::Color::Empty);
  // White may not retake: the lock. The pass lifts it; Black captures the group.
  auto retake = t.send(kBob, confirmMove("A1"));
  ASSERT_FALSE(retake);
  EXPECT_EQ(describe(retake.error()), "illegal_move ko");
  EXPECT_EQ(retake.error().message, "A1 is illegal for white in the confirmation: ko");
  ASSERT_EQ(t.send(kBob, command("confirm_pass")).value(), "confirm_pass");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"confirm_pass","colour":"white"})"));
  EXPECT_EQ(confirmationOf(t).at("locked"), json::array());
  ASSERT_EQ(confirmPlay(t, "B A3"), "");

  // Both say it may end; a move in between would have cleared the first.
  ASSERT_EQ(t.send(kBob, command("confirm_finish")).value(), "confirm_finish");
  EXPECT_EQ(t.refusal(kBob, command("confirm_finish")), "bad_request");
  EXPECT_EQ(confirmationOf(t).at("finish"), json::parse(R"({"black":false,"white":true})"));
  EXPECT_TRUE(t.machine.confirmationFinished(go::Color::White));
  EXPECT_FALSE(t.machine.confirmationFinished(go::Color::Black));
  ASSERT_EQ(t.send(kAlice, command("confirm_finish")).value(), "confirm_finish confirm_end");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"confirm_end","verdict":"dead",
      "reason":"agreed"})"));
  const json::object state = t.state();
  EXPECT_EQ(state.at("phase"), "removal");
  EXPECT_EQ(state.at("removal").at("confirmation"), nullptr);
  EXPECT_EQ(names(state.at("removal").at("dead")), kCorner);
  EXPECT_EQ(t.machine.confirmationToMove(), std::nullopt);
  EXPECT_EQ(names(state.at("removal").at("lastConfirmation").at("disputed")), kCorner);
  EXPECT_EQ(state.at("removal").at("lastConfirmation").at("verdict"), "dead");
  EXPECT_EQ(state.at("removal").at("lastConfirmation").at("reason"), "agreed");
  EXPECT_EQ(state.at("removal").at("accepted"), json::parse(R"({"black":false,"white":false})"));

  // The removal phase goes on from the verdict: both accept and the count takes the corner.
  ASSERT_EQ(t.send(kAlice, command("removal_accept")).value(), "removal_accept");
  ASSERT_EQ(t.send(kBob, command("removal_accept")).value(), "removal_accept end");
  EXPECT_EQ(t.machine.phase(), Phase::Finished);
  const json::object finished = t.state();
  const json::object& score = finished.at("score").as_object();
  EXPECT_EQ(names(score.at("dead")), kCorner);
  EXPECT_EQ(score.at("black").at("dead"), 6);
  EXPECT_EQ(score.at("result").as_string(), t.machine.result());
  EXPECT_EQ(t.machine.result(), "B+72.5");
}

TEST(GameMachineConfirmation, EndedAtOnceUnderKoreanRulesTheStonesStandAlive) {
  // Korean rules have confirmation play too. Nothing captured when both end at once: the
  // stones stand, alive.
  Table t = bentFourInRemoval("korean");
  ASSERT_TRUE(t.send(kBob, confirmStart({"C1", "A4"})));
  ASSERT_TRUE(t.send(kAlice, command("confirm_finish")));
  ASSERT_EQ(t.send(kBob, command("confirm_finish")).value(), "confirm_finish confirm_end");
  EXPECT_EQ(t.lastPayload().at("verdict"), "alive");
  EXPECT_TRUE(t.state().at("removal").at("dead").as_array().empty());
}

TEST(GameMachineConfirmation, RefusedWhereItDoesNotApply) {
  // Chinese rules have a removal phase but no confirmation play.
  Table chinese = bentFourInRemoval("chinese");
  ASSERT_EQ(chinese.machine.phase(), Phase::Removal);
  auto refused = chinese.send(kAlice, confirmStart({"B3"}));
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "bad_request");
  EXPECT_EQ(refused.error().message, "these rules have no confirmation play");
  EXPECT_EQ(chinese.refusal(kAlice, command("confirm_pass")), "bad_request");

  // Not in play.
  Table playing = startedTable("japanese");
  ASSERT_EQ(playing.play("B D4 W E5"), "");
  EXPECT_EQ(playing.refusal(kAlice, confirmStart({"E5"})), "wrong_phase");
  EXPECT_EQ(playing.refusal(kAlice, command("confirm_finish")), "wrong_phase");

  Table t = bentFourInRemoval();
  // Nothing under way yet.
  EXPECT_EQ(t.refusal(kAlice, command("confirm_pass")), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("confirm_finish")), "bad_request");
  EXPECT_EQ(t.refusal(kNobody, command("confirm_expire"), 0), "wrong_phase");
  // go::Confirmation::start's own errors.
  auto empty = t.send(kAlice, confirmStart({"A1"}));
  ASSERT_FALSE(empty);
  EXPECT_EQ(empty.error().message, "no stone at A1");
  auto mixed = t.send(kAlice, confirmStart({"B3", "D1"}));
  ASSERT_FALSE(mixed);
  EXPECT_EQ(mixed.error().message, "B3 and D1 are stones of different colours");
  EXPECT_EQ(t.refusal(kAlice, confirmStart({})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, confirmStart({"Z9"})), "bad_request");
  EXPECT_EQ(t.refusal(kCarol, confirmStart({"B3"})), "not_a_player");

  // Under way: only the player to move moves.
  ASSERT_TRUE(t.send(kBob, confirmStart({"B3"})));  // White asks; Black still attacks first
  EXPECT_EQ(t.lastPayload().at("colour"), "white");
  EXPECT_EQ(t.lastPayload().at("attacker"), "black");
  EXPECT_EQ(t.refusal(kBob, confirmMove("A2")), "not_your_turn");
  EXPECT_EQ(t.refusal(kBob, command("confirm_pass")), "not_your_turn");
  EXPECT_EQ(t.refusal(kCarol, confirmMove("A2")), "not_a_player");
  EXPECT_EQ(t.refusal(kAlice, confirmMove("B3")), "illegal_move occupied");
  EXPECT_EQ(t.refusal(kAlice, confirmMove("K5")), "illegal_move off_board");
  EXPECT_EQ(t.refusal(kAlice, confirmMove("I5")), "bad_request");
  EXPECT_EQ(confirmPlay(t, "B pass W A2 B pass"), "");
  // Black at A3 would have no liberty and capture nothing (White has A1 and B1).
  EXPECT_EQ(confirmPlay(t, "W pass B A3"), "B A3: illegal_move suicide");
  // A move clears a finish already said.
  ASSERT_TRUE(t.send(kAlice, command("confirm_finish")));
  ASSERT_EQ(confirmPlay(t, "B B1"), "");
  EXPECT_EQ(confirmationOf(t).at("finish"), json::parse(R"({"black":false,"white":false})"));
  // Resigning still ends the game.
  ASSERT_EQ(t.send(kBob, command("resign")).value(), "resign end");
}

TEST(GameMachineConfirmation, TheMoveCapEndsItAsThePositionStands) {
  Table t = bentFourInRemoval();
  ASSERT_TRUE(t.send(kAlice, confirmStart({"B3"})));
  ASSERT_EQ(confirmPlay(t, "B A2"), "");
  const int cap = 4 * 9 * 9;
  for (int i = 1; i < cap - 1; ++i) {
    const Actor& actor = i % 2 == 1 ? t.whiteActor() : t.blackActor();
    ASSERT_EQ(t.send(actor, command("confirm_pass")).value(), "confirm_pass") << i;
  }
  // The 324th move or pass ends it: Black's stone inside, White's group still standing.
  ASSERT_EQ(t.send(t.whiteActor(), command("confirm_pass")).value(), "confirm_pass confirm_end");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"confirm_end","verdict":"alive",
      "reason":"moves"})"));
  EXPECT_EQ(t.state().at("removal").at("confirmation"), nullptr);
  EXPECT_EQ(t.state().at("removal").at("lastConfirmation").at("reason"), "moves");
  EXPECT_TRUE(t.state().at("removal").at("dead").as_array().empty());
}

TEST(GameMachineConfirmation, ItsTimeRunsOutFiveMinutesAfterTheLastMove) {
  Table t = bentFourInRemoval();
  EXPECT_EQ(t.machine.confirmationDeadlineMs(), std::nullopt);
  ASSERT_TRUE(t.send(kAlice, confirmStart({"B3"})));
  const int64_t started = t.log.back().timeMs;
  EXPECT_EQ(t.machine.confirmationDeadlineMs(), started + 300000);
  EXPECT_EQ(t.machine.clockDeadlineMs(), std::nullopt);  // the game clocks stay stopped
  // Each move or pass restarts it.
  t.nowMs = started + 200000;
  ASSERT_EQ(confirmPlay(t, "B A2 W A1 B B1"), "");
  const int64_t last = t.log.back().timeMs;
  ASSERT_EQ(t.machine.confirmationDeadlineMs(), last + 300000);
  t.nowMs = last + 299999;
  auto early = t.send(kNobody, command("confirm_expire"), 0);
  ASSERT_FALSE(early);
  EXPECT_EQ(early.error().code, "bad_request");
  t.nowMs = last + 300000;
  ASSERT_EQ(t.send(kNobody, command("confirm_expire")).value(), "confirm_end");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"confirm_end","verdict":"alive",
      "reason":"time"})"));
  EXPECT_EQ(t.machine.confirmationDeadlineMs(), std::nullopt);
  EXPECT_EQ(t.state().at("removal").at("lastConfirmation").at("verdict"), "alive");
  // A client cannot send it.
  EXPECT_FALSE(clientCommand("confirm_expire"));
}

// The whole bent-four story, then play resumed and stopped again with a second confirmation.
Table confirmedTwice() {
  Table t = bentFourInRemoval();
  EXPECT_TRUE(t.send(kAlice, confirmStart({"B3"})));
  EXPECT_EQ(confirmPlay(t, "B A2 W A1 B B1 W pass B A3"), "");
  EXPECT_TRUE(t.send(kBob, command("confirm_finish")));
  EXPECT_TRUE(t.send(kAlice, command("confirm_finish")));
  EXPECT_TRUE(t.send(kBob, command("resume")));
  EXPECT_EQ(t.play("B G7 W pass B pass"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Removal);
  EXPECT_TRUE(t.send(kBob, confirmStart({"G7"})));
  EXPECT_EQ(confirmPlay(t, "W G6"), "");
  t.nowMs += 400000;
  EXPECT_TRUE(t.send(kNobody, command("confirm_expire")));
  return t;
}

TEST(GameMachineConfirmation, ReplayingTheLogRebuildsTheSameState) {
  Table t = confirmedTwice();
  ASSERT_FALSE(HasFailure());
  ASSERT_TRUE(t.send(kBob, confirmStart({"B3"})));
  ASSERT_EQ(confirmPlay(t, "B A2 W A1 B B1"), "");
  ASSERT_TRUE(t.send(kBob, command("confirm_finish")));
  for (size_t n = 1; n <= t.log.size(); ++n) {
    const std::vector<LoggedEvent> prefix(t.log.begin(), t.log.begin() + n);
    auto replayed = GameMachine::replay(t.settings, kOwner, prefix);
    ASSERT_TRUE(replayed) << replayed.error().toString();
  }
  auto replayed = GameMachine::replay(t.settings, kOwner, t.log);
  ASSERT_TRUE(replayed);
  EXPECT_EQ(json::serialize(replayed->stateJson(t.nowMs)), json::serialize(t.state()));
  EXPECT_EQ(replayed->toSgf(), t.machine.toSgf());
  EXPECT_EQ(replayed->confirmationDeadlineMs(), t.machine.confirmationDeadlineMs());
}

// Each confirmation is a variation beside the stop it followed; the main line is the game.
TEST(GameMachineConfirmation, TheSgfKeepsEachConfirmationAsAVariation) {
  Table t = confirmedTwice();
  ASSERT_FALSE(HasFailure());
  ASSERT_TRUE(t.send(kAlice, command("removal_accept")));
  ASSERT_TRUE(t.send(kBob, command("removal_accept")));
  const std::string sgfText = t.machine.toSgf();
  // Main line: ... B D2 W pass B D1 W pass B pass, then after the resume B G7 W pass B pass.
  // Each variation branches before the stop's last pass (Black's both times) and plays it.
  EXPECT_NE(sgfText.find(";B[di];W[]\n(;B[];B[gc];W[]\n(;B[])\n"
                         "(;B[];W[gd]C[Confirmation of G7: alive]))\n"
                         "(;B[];B[ah]C[Confirmation of C1 B2 C2 B3 A4 B4: dead];W[ai];B[bi];W[];"
                         "B[ag]))"),
            std::string::npos)
      << sgfText;
  auto loaded = sgf::loadGame(sgfText);
  ASSERT_TRUE(loaded) << loaded.error().toString() << "\n" << sgfText;
  EXPECT_EQ(loaded->game.moves(), t.machine.game().moves());
  EXPECT_EQ(loaded->movesInFile, static_cast<int>(t.machine.game().moves().size()));
  EXPECT_EQ(loaded->info.result, t.machine.result());
}

TEST(GameMachineConfirmation, ACorruptConfirmationEventNamesTheSeq) {
  Table t = bentFourInRemoval();
  ASSERT_TRUE(t.send(kAlice, confirmStart({"B3"})));
  ASSERT_EQ(confirmPlay(t, "B A2"), "");
  std::vector<LoggedEvent> log = t.log;
  log.back().payload = R"({"v":2,"colour":"black","point":"B3"})";
  auto replayed = GameMachine::replay(t.settings, kOwner, log);
  ASSERT_FALSE(replayed);
  EXPECT_EQ(replayed.error().toString(), "event seq " + std::to_string(log.back().seq) +
                                             ": illegal confirmation move B B3: occupied");
  // A verdict that is not the position's.
  log = t.log;
  LoggedEvent end = log.back();
  end.seq += 1;
  end.type = "confirm_end";
  end.payload = R"({"v":2,"verdict":"dead","reason":"time"})";
  end.timeMs += 300000;
  log.push_back(end);
  replayed = GameMachine::replay(t.settings, kOwner, log);
  ASSERT_FALSE(replayed);
  EXPECT_NE(replayed.error().toString().find("the verdict is not the position's"),
            std::string::npos);
}

}  // namespace
}  // namespace tengen::game::test
