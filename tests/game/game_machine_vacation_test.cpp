// Vacations in the game core (game/vacation.cpp, docs/protocol.md "Vacation"): the site says
// a seated player's vacation began or ended; while either player is away the clocks stand
// still, moves may still be made, and a replay of the log pauses and resumes exactly as the
// room did.
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include "game/clock_times.h"
#include "game/game_machine.h"
#include "game_machine_test_support.h"

namespace tengen::game::test {
namespace {

using test::kDayMs;

namespace json = boost::json;

Command vacation(bool on) { return command("vacation", {{"on", on}}); }

Table correspondenceTable() {
  GameSettings s = settingsFor("japanese");
  s.timeControl = timeControlOf(
      R"({"kind":"fischer","mainSeconds":259200,"incrementSeconds":86400,"maxSeconds":604800})");
  Table t(s);
  EXPECT_TRUE(t.send(kBob, command("join", {{"coin", 1}})));
  return t;
}

TEST(GameMachineVacation, AwayPausesBothClocksMovesStillCountAndTheReturnRestartsThem) {
  Table t = correspondenceTable();  // alice Black, bob White
  ASSERT_EQ(t.play("B D4"), "");    // one second of Black's three days spent
  auto away = t.send(kBob, vacation(true), 2 * kDayMs);
  ASSERT_TRUE(away) << describe(away.error());
  EXPECT_EQ(*away, "vacation");
  EXPECT_EQ(t.lastPayload().at("colour"), "white");
  EXPECT_EQ(t.lastPayload().at("on"), true);
  EXPECT_TRUE(t.machine.onVacation(go::Color::White));
  EXPECT_EQ(t.machine.clockDeadlineMs(), std::nullopt);
  // Two days later White has lost nothing: the clock stopped when the vacation began.
  const json::object paused = t.machine.stateJson(t.nowMs);
  EXPECT_EQ(paused.at("clocks").at("paused"), true) << json::serialize(paused);
  EXPECT_EQ(paused.at("clocks").at("white").at("mainMs"), 3 * kDayMs - 1000);
  // White may still move; it charges nothing, and Black's turn waits for the return.
  ASSERT_EQ(t.play("W E5"), "");
  EXPECT_EQ(t.machine.clockDeadlineMs(), std::nullopt);
  const int64_t back = t.nowMs;
  ASSERT_TRUE(t.send(kBob, vacation(false)));
  EXPECT_FALSE(t.machine.onVacation(go::Color::White));
  EXPECT_EQ(t.machine.clockDeadlineMs(), back + 3 * kDayMs + kDayMs - 1000);
}

TEST(GameMachineVacation, BothAwayTheClockWaitsForTheLastToReturn) {
  Table t = correspondenceTable();
  ASSERT_TRUE(t.send(kAlice, vacation(true)));
  ASSERT_TRUE(t.send(kBob, vacation(true)));
  ASSERT_TRUE(t.send(kAlice, vacation(false)));
  EXPECT_EQ(t.machine.clockDeadlineMs(), std::nullopt);
  ASSERT_TRUE(t.send(kBob, vacation(false)));
  EXPECT_TRUE(t.machine.clockDeadlineMs().has_value());
}

TEST(GameMachineVacation, RefusedForSpectatorsUntimedGamesRepeatsAndFinishedGames) {
  Table t = correspondenceTable();
  EXPECT_EQ(t.refusal(Actor{99, "carol"}, vacation(true)), "not_a_player");
  EXPECT_EQ(t.refusal(kAlice, vacation(false)), "bad_request");
  ASSERT_EQ(t.refusal(kAlice, vacation(true)), "");
  EXPECT_EQ(t.refusal(kAlice, vacation(true)), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("vacation")), "bad_request");  // no "on"
  ASSERT_EQ(t.refusal(kBob, command("resign")), "");
  EXPECT_EQ(t.refusal(kAlice, vacation(false)), "wrong_phase");

  Table untimed = startedTable("japanese");
  EXPECT_EQ(untimed.refusal(kAlice, vacation(true)), "bad_request");
}

TEST(GameMachineVacation, AClockThatRanOutBeforeTheVacationLosesOnTime) {
  Table t = correspondenceTable();
  EXPECT_EQ(t.refusal(kAlice, vacation(true), 0), "");
  ASSERT_TRUE(t.send(kAlice, vacation(false), 3 * kDayMs + 1));
  EXPECT_EQ(t.refusal(kBob, vacation(true)), "time_out");
}

TEST(GameMachineVacation, AReplayOfTheLogPausesAndResumesAsTheRoomDid) {
  Table t = correspondenceTable();
  ASSERT_EQ(t.play("B D4"), "");
  ASSERT_TRUE(t.send(kBob, vacation(true), 5 * kDayMs));
  ASSERT_EQ(t.play("W E5 B C3"), "");
  ASSERT_TRUE(t.send(kBob, vacation(false), kDayMs / 2));
  auto replayed = GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, t.log);
  ASSERT_TRUE(replayed) << replayed.error().toString();
  EXPECT_EQ(json::serialize(replayed->stateJson(t.nowMs)),
            json::serialize(t.machine.stateJson(t.nowMs)));
  EXPECT_EQ(replayed->clockDeadlineMs(), t.machine.clockDeadlineMs());

  // A tampered log whose vacation ends twice does not load.
  std::vector<LoggedEvent> tampered = t.log;
  tampered.push_back(tampered.back());
  tampered.back().seq += 1;
  EXPECT_FALSE(GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, tampered));
}

}  // namespace
}  // namespace tengen::game::test
