// Time controls and game clocks (docs/protocol.md, "create_table" and "Clocks").
// Times are explicit Unix milliseconds; out of time means the remaining time reached 0, so a
// move at the deadline instant itself is too late and one 1 ms earlier is in time.
#include "game/game_clock.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <random>
#include <string>
#include <vector>

#include "game/clock_times.h"

namespace tengen::game {
namespace {

using test::kT0;

namespace json = boost::json;
using go::Color;

TimeControl parse(std::string_view text) {
  Result<TimeControl> control = TimeControl::fromJson(json::parse(text));
  EXPECT_TRUE(control.has_value()) << text << ": " << control.error().toString();
  return control.value_or(TimeControl{});
}

// The error message for a `time` object that must be refused ("" if it parsed).
std::string parseError(std::string_view text) {
  Result<TimeControl> control = TimeControl::fromJson(json::parse(text));
  return control ? "" : control.error().message;
}

TimeControl absolute(int mainSeconds) {
  return {.kind = TimeKind::Absolute, .mainSeconds = mainSeconds};
}

TimeControl byoyomi(int mainSeconds, int periods, int periodSeconds) {
  return {.kind = TimeKind::Byoyomi,
          .mainSeconds = mainSeconds,
          .periods = periods,
          .periodSeconds = periodSeconds};
}

TimeControl canadian(int mainSeconds, int stones, int periodSeconds) {
  return {.kind = TimeKind::Canadian,
          .mainSeconds = mainSeconds,
          .periodSeconds = periodSeconds,
          .stones = stones};
}

TimeControl fischer(int mainSeconds, int incrementSeconds, int maxSeconds) {
  return {.kind = TimeKind::Fischer,
          .mainSeconds = mainSeconds,
          .incrementSeconds = incrementSeconds,
          .maxSeconds = maxSeconds};
}

ClockState clockState(int64_t mainMs, int periodsLeft, int64_t periodMs, int stonesLeft) {
  return {
      .mainMs = mainMs, .periodsLeft = periodsLeft, .periodMs = periodMs, .stonesLeft = stonesLeft};
}

// A clock whose Black clock has just started at kT0.
GameClock blackToMove(TimeControl control) {
  GameClock clock(control);
  clock.start(Color::Black, kT0);
  return clock;
}

// Black moves after thinking `blackMs`, White replies after `whiteMs`; returns the time after.
int64_t exchange(GameClock& clock, int64_t nowMs, int64_t blackMs, int64_t whiteMs) {
  EXPECT_TRUE(clock.moveMade(nowMs + blackMs));
  EXPECT_TRUE(clock.moveMade(nowMs + blackMs + whiteMs));
  return nowMs + blackMs + whiteMs;
}

// --- TimeControl::fromJson / toJson --------------------------------------------------------

TEST(TimeControlJson, ParsesEachDocumentedKind) {
  EXPECT_EQ(parse(R"({"kind":"none"})"), TimeControl{});
  EXPECT_EQ(parse(R"({"kind":"absolute","mainSeconds":600})"), absolute(600));
  EXPECT_EQ(parse(R"({"kind":"byoyomi","mainSeconds":600,"periods":5,"periodSeconds":30})"),
            byoyomi(600, 5, 30));
  EXPECT_EQ(parse(R"({"kind":"canadian","mainSeconds":600,"stones":25,"periodSeconds":300})"),
            canadian(600, 25, 300));
  EXPECT_EQ(parse(R"({"kind":"fischer","mainSeconds":300,"incrementSeconds":10,"maxSeconds":600})"),
            fischer(300, 10, 600));
}

TEST(TimeControlJson, ToJsonGivesBackTheDocumentedShapeAndRoundTrips) {
  const std::vector<std::string> documented = {
      R"({"kind":"none"})",
      R"({"kind":"absolute","mainSeconds":600})",
      R"({"kind":"byoyomi","mainSeconds":600,"periods":5,"periodSeconds":30})",
      R"({"kind":"canadian","mainSeconds":600,"stones":25,"periodSeconds":300})",
      R"({"kind":"fischer","mainSeconds":300,"incrementSeconds":10,"maxSeconds":600})",
  };
  for (const std::string& text : documented) {
    TimeControl control = parse(text);
    EXPECT_EQ(json::serialize(control.toJson()), text);
    EXPECT_EQ(TimeControl::fromJson(control.toJson()), control) << text;
  }
}

TEST(TimeControlJson, RangeLimitsAreInclusive) {
  EXPECT_EQ(
      parse(R"({"kind":"byoyomi","mainSeconds":7776000,"periods":100,"periodSeconds":7776000})"),
      byoyomi(7776000, 100, 7776000));
  EXPECT_EQ(parse(R"({"kind":"canadian","mainSeconds":0,"stones":1000,"periodSeconds":1})"),
            canadian(0, 1000, 1));
  EXPECT_EQ(parse(R"({"kind":"byoyomi","mainSeconds":1,"periods":1,"periodSeconds":0})"),
            byoyomi(1, 1, 0));
  EXPECT_EQ(parse(R"({"kind":"fischer","mainSeconds":1,"incrementSeconds":0,"maxSeconds":0})"),
            fischer(1, 0, 0));
}

TEST(TimeControlJson, OutOfRangeValuesNameTheFieldAndTheRange) {
  EXPECT_EQ(parseError(R"({"kind":"byoyomi","mainSeconds":600,"periods":0,"periodSeconds":30})"),
            "time.periods: expected an integer 1..100, got 0");
  EXPECT_EQ(parseError(R"({"kind":"byoyomi","mainSeconds":600,"periods":101,"periodSeconds":30})"),
            "time.periods: expected an integer 1..100, got 101");
  EXPECT_EQ(parseError(R"({"kind":"canadian","mainSeconds":600,"stones":1001,"periodSeconds":30})"),
            "time.stones: expected an integer 1..1000, got 1001");
  EXPECT_EQ(
      parseError(R"({"kind":"byoyomi","mainSeconds":7776001,"periods":5,"periodSeconds":30})"),
      "time.mainSeconds: expected an integer 0..7776000, got 7776001");
  EXPECT_EQ(parseError(R"({"kind":"byoyomi","mainSeconds":-1,"periods":5,"periodSeconds":30})"),
            "time.mainSeconds: expected an integer 0..7776000, got -1");
  EXPECT_EQ(
      parseError(
          R"({"kind":"fischer","mainSeconds":300,"incrementSeconds":10,"maxSeconds":7776001})"),
      "time.maxSeconds: expected an integer 0..7776000, got 7776001");
  EXPECT_EQ(
      parseError(R"({"kind":"fischer","mainSeconds":300,"incrementSeconds":-5,"maxSeconds":0})"),
      "time.incrementSeconds: expected an integer 0..7776000, got -5");
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":18446744073709551615})"),
            "time.mainSeconds: expected an integer 1..7776000, got 18446744073709551615");
}

TEST(TimeControlJson, NonIntegersAreRefusedEvenWhenWhole) {
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":600.0})"),
            "time.mainSeconds: expected an integer 1..7776000, got 600.0");
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":1.5})"),
            "time.mainSeconds: expected an integer 1..7776000, got 1.5");
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":"600"})"),
            "time.mainSeconds: expected an integer 1..7776000, got \"600\"");
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":null})"),
            "time.mainSeconds: expected an integer 1..7776000, got null");
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":true})"),
            "time.mainSeconds: expected an integer 1..7776000, got true");
}

TEST(TimeControlJson, MissingFieldIsNamedWithItsRange) {
  EXPECT_EQ(parseError(R"({"kind":"byoyomi","mainSeconds":600,"periodSeconds":30})"),
            "time.periods: missing, expected an integer 1..100");
  EXPECT_EQ(parseError(R"({"kind":"fischer","mainSeconds":300,"incrementSeconds":10})"),
            "time.maxSeconds: missing, expected an integer 0..7776000");
  EXPECT_EQ(parseError(R"({"kind":"absolute"})"),
            "time.mainSeconds: missing, expected an integer 1..7776000");
}

TEST(TimeControlJson, KindMustBeOneOfTheFive) {
  const std::string kinds =
      R"(expected one of "none", "absolute", "byoyomi", "canadian", "fischer")";
  EXPECT_EQ(parseError(R"({"kind":"blitz","mainSeconds":60})"),
            "time.kind: " + kinds + R"(, got "blitz")");
  EXPECT_EQ(parseError(R"({"kind":"Byoyomi"})"), "time.kind: " + kinds + R"(, got "Byoyomi")");
  EXPECT_EQ(parseError(R"({"kind":3})"), "time.kind: " + kinds + ", got 3");
  EXPECT_EQ(parseError(R"({"mainSeconds":60})"), "time.kind: missing, " + kinds);
}

TEST(TimeControlJson, FieldsOfAnotherKindAreUnknown) {
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":600,"periods":5})"),
            R"(time.periods: unknown field for kind "absolute", expected only kind, mainSeconds, )"
            R"(pauseOnWeekends)");
  EXPECT_EQ(parseError(R"({"kind":"none","mainSeconds":0})"),
            R"(time.mainSeconds: unknown field for kind "none", expected only kind)");
  // A misspelt field is reported as itself, not as the missing one it was meant to be.
  EXPECT_EQ(parseError(R"({"kind":"byoyomi","mainSeconds":600,"period":5,"periodSeconds":30})"),
            R"(time.period: unknown field for kind "byoyomi", expected only kind, mainSeconds, )"
            "periods, periodSeconds, pauseOnWeekends");
  // A huge unknown name is cut short in the message.
  EXPECT_EQ(parseError(R"({"kind":"none",")" + std::string(1000, 'x') + R"(":1})"),
            "time." + std::string(37, 'x') +
                R"(...: unknown field for kind "none", )"
                "expected only kind");
}

TEST(TimeControlJson, TimeMustBeAnObject) {
  EXPECT_EQ(parseError(R"("byoyomi")"), R"(time: expected an object, got "byoyomi")");
  EXPECT_EQ(parseError(R"([600])"), "time: expected an object, got [600]");
}

TEST(TimeControlJson, MainTimePlusOvertimeMustGiveAtLeastOneSecond) {
  // Absolute and fischer start with main time only (the increment comes after a move).
  EXPECT_EQ(parseError(R"({"kind":"absolute","mainSeconds":0})"),
            "time.mainSeconds: expected an integer 1..7776000, got 0");
  EXPECT_EQ(
      parseError(R"({"kind":"fischer","mainSeconds":0,"incrementSeconds":10,"maxSeconds":0})"),
      "time.mainSeconds: expected an integer 1..7776000, got 0");
  EXPECT_EQ(parseError(R"({"kind":"byoyomi","mainSeconds":0,"periods":5,"periodSeconds":0})"),
            "time.periodSeconds: expected an integer 1..7776000 when mainSeconds is 0, got 0");
  EXPECT_EQ(parseError(R"({"kind":"canadian","mainSeconds":0,"stones":5,"periodSeconds":0})"),
            "time.periodSeconds: expected an integer 1..7776000 when mainSeconds is 0, got 0");
  EXPECT_EQ(parse(R"({"kind":"byoyomi","mainSeconds":0,"periods":5,"periodSeconds":1})"),
            byoyomi(0, 5, 1));
}

// --- SGF TM / OT ------------------------------------------------------------------------------

TEST(TimeControlSgf, MainTimeAndOvertimeInTheUsualForms) {
  EXPECT_EQ(byoyomi(600, 5, 30).sgfMainSeconds(), 600);
  EXPECT_EQ(byoyomi(600, 5, 30).sgfOvertime(), "5x30 byo-yomi");
  EXPECT_EQ(canadian(900, 25, 300).sgfMainSeconds(), 900);
  EXPECT_EQ(canadian(900, 25, 300).sgfOvertime(), "25/300 Canadian");
  EXPECT_EQ(fischer(300, 10, 0).sgfMainSeconds(), 300);
  EXPECT_EQ(fischer(300, 10, 0).sgfOvertime(), "10 Fischer");
  EXPECT_EQ(fischer(300, 10, 600).sgfOvertime(), "10 Fischer max 600");
  EXPECT_EQ(absolute(1800).sgfMainSeconds(), 1800);
  EXPECT_EQ(absolute(1800).sgfOvertime(), "");
  EXPECT_EQ(TimeControl{}.sgfMainSeconds(), 0);
  EXPECT_EQ(TimeControl{}.sgfOvertime(), "");
}

// --- Initial state and JSON ----------------------------------------------------------------

TEST(GameClockInitial, EachKindStartsWithItsFullAllowance) {
  EXPECT_EQ(GameClock(absolute(600)).state(Color::Black, kT0), clockState(600'000, 0, 0, 0));
  EXPECT_EQ(GameClock(byoyomi(600, 5, 30)).state(Color::White, kT0),
            clockState(600'000, 5, 30'000, 0));
  // Canadian shows no period until main time is spent...
  EXPECT_EQ(GameClock(canadian(600, 25, 300)).state(Color::Black, kT0),
            clockState(600'000, 0, 0, 0));
  // ...and without main time the player starts in the period.
  EXPECT_EQ(GameClock(canadian(0, 25, 300)).state(Color::Black, kT0),
            clockState(0, 1, 300'000, 25));
  EXPECT_EQ(GameClock(fischer(300, 10, 600)).state(Color::White, kT0),
            clockState(300'000, 0, 0, 0));
}

TEST(GameClockJson, ShowsBothClocksTheRunningColourAndServerTime) {
  GameClock clock = blackToMove(byoyomi(600, 5, 30));
  EXPECT_EQ(json::serialize(clock.toJson(kT0 + 88'000)),
            R"({"black":{"mainMs":512000,"periodsLeft":5,"periodMs":30000,"stonesLeft":0},)"
            R"("white":{"mainMs":600000,"periodsLeft":5,"periodMs":30000,"stonesLeft":0},)"
            R"("running":"black","serverTimeMs":1796000088000})");
  clock.stop(kT0 + 90'000);
  EXPECT_EQ(json::serialize(clock.toJson(kT0 + 95'000)),
            R"({"black":{"mainMs":510000,"periodsLeft":5,"periodMs":30000,"stonesLeft":0},)"
            R"("white":{"mainMs":600000,"periodsLeft":5,"periodMs":30000,"stonesLeft":0},)"
            R"("running":null,"serverTimeMs":1796000095000})");
}

TEST(GameClockJson, NullWithoutATimeControl) {
  GameClock clock;
  clock.start(Color::Black, kT0);
  EXPECT_TRUE(clock.toJson(kT0).is_null());
  EXPECT_FALSE(clock.enabled());
}

// --- No time control and absolute ----------------------------------------------------------

TEST(GameClockNone, MovesAlwaysInTimeAndTurnsAlternate) {
  GameClock clock = blackToMove({});
  EXPECT_EQ(clock.deadlineMs(), std::nullopt);
  EXPECT_TRUE(clock.moveMade(kT0 + 365LL * 24 * 3600 * 1000));
  EXPECT_EQ(clock.running(), Color::White);
}

TEST(GameClockAbsolute, MoveChargesMainTimeAndStartsTheOpponent) {
  GameClock clock = blackToMove(absolute(60));
  EXPECT_TRUE(clock.moveMade(kT0 + 12'345));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 50'000), clockState(47'655, 0, 0, 0));
  EXPECT_EQ(clock.running(), Color::White);
  EXPECT_EQ(clock.state(Color::White, kT0 + 22'345), clockState(50'000, 0, 0, 0));
  EXPECT_EQ(clock.deadlineMs(), kT0 + 12'345 + 60'000);
}

TEST(GameClockAbsolute, MoveAfterTheTimeRanOutIsRefusedAndChangesNothing) {
  GameClock clock = blackToMove(absolute(60));
  const std::string before = json::serialize(clock.toJson(kT0));
  EXPECT_FALSE(clock.moveMade(kT0 + 60'000));
  EXPECT_EQ(json::serialize(clock.toJson(kT0)), before);
  EXPECT_EQ(clock.running(), Color::Black);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 60'000), clockState(0, 0, 0, 0));
}

// --- Byoyomi -----------------------------------------------------------------------------------

TEST(GameClockByoyomi, MoveInMainTimeLeavesThePeriodsUntouched) {
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  EXPECT_TRUE(clock.moveMade(kT0 + 9'999));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 9'999), clockState(1, 3, 5'000, 0));
}

TEST(GameClockByoyomi, MoveWithinAPeriodKeepsIt) {
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  // Main time ends at 10 s; the move comes 4.999 s into the first period.
  EXPECT_TRUE(clock.moveMade(kT0 + 14'999));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 14'999), clockState(0, 3, 5'000, 0));
  int64_t now = kT0 + 14'999 + 1'000;  // White moves after a second
  EXPECT_TRUE(clock.moveMade(now));
  // Back in the periods, Black again has a full period and keeps it with a 4 s move.
  EXPECT_EQ(clock.deadlineMs(), now + 15'000);
  EXPECT_TRUE(clock.moveMade(now + 4'000));
  EXPECT_EQ(clock.state(Color::Black, now + 4'000), clockState(0, 3, 5'000, 0));
}

TEST(GameClockByoyomi, PeriodRunningOutExactlyIsUsedUp) {
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  EXPECT_TRUE(clock.moveMade(kT0 + 15'000));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 15'000), clockState(0, 2, 5'000, 0));
}

TEST(GameClockByoyomi, ThinkCrossingTwoPeriodsUsesBoth) {
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  // 10 s main + 5 s + 5 s + 2 s into the third period.
  EXPECT_TRUE(clock.moveMade(kT0 + 22'000));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 22'000), clockState(0, 1, 5'000, 0));
  EXPECT_EQ(clock.running(), Color::White);
}

TEST(GameClockByoyomi, LastPeriodRunningOutLoses) {
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  EXPECT_EQ(clock.deadlineMs(), kT0 + 25'000);
  EXPECT_FALSE(clock.moveMade(kT0 + 25'000));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 25'000), clockState(0, 0, 0, 0));
}

TEST(GameClockByoyomi, StateMidThinkShowsUsedPeriodsAndTimeLeftInTheCurrentOne) {
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 4'000), clockState(6'000, 3, 5'000, 0));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 10'000), clockState(0, 3, 5'000, 0));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 11'500), clockState(0, 3, 3'500, 0));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 17'000), clockState(0, 2, 3'000, 0));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 24'999), clockState(0, 1, 1, 0));
  // Looking does not charge: the clock itself still holds the state at the start.
  EXPECT_EQ(clock.deadlineMs(), kT0 + 25'000);
}

TEST(GameClockByoyomi, ZeroSecondPeriodsEndTheGameWithMainTime) {
  GameClock clock = blackToMove(byoyomi(10, 3, 0));
  EXPECT_EQ(clock.deadlineMs(), kT0 + 10'000);
  EXPECT_TRUE(clock.moveMade(kT0 + 9'999));
}

// --- Canadian ----------------------------------------------------------------------------------

TEST(GameClockCanadian, EntersThePeriodWhenMainTimeRunsOutMidThink) {
  GameClock clock = blackToMove(canadian(10, 3, 30));
  EXPECT_EQ(clock.deadlineMs(), kT0 + 40'000);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 12'000), clockState(0, 1, 28'000, 3));
  // The move that ends the think counts as the first stone of the period.
  EXPECT_TRUE(clock.moveMade(kT0 + 12'000));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 12'000), clockState(0, 1, 28'000, 2));
}

TEST(GameClockCanadian, CountsStonesAndRenewsThePeriodAfterThem) {
  GameClock clock = blackToMove(canadian(0, 3, 30));
  int64_t now = exchange(clock, kT0, 5'000, 1'000);
  EXPECT_EQ(clock.state(Color::Black, now), clockState(0, 1, 25'000, 2));
  now = exchange(clock, now, 7'000, 1'000);
  EXPECT_EQ(clock.state(Color::Black, now), clockState(0, 1, 18'000, 1));
  // The third stone within the period renews it in full, however little time was left.
  now = exchange(clock, now, 17'999, 1'000);
  EXPECT_EQ(clock.state(Color::Black, now), clockState(0, 1, 30'000, 3));
}

TEST(GameClockCanadian, RunningOutOfThePeriodLoses) {
  GameClock clock = blackToMove(canadian(0, 3, 30));
  int64_t now = exchange(clock, kT0, 20'000, 1'000);
  EXPECT_EQ(clock.deadlineMs(), now + 10'000);
  EXPECT_FALSE(clock.moveMade(now + 10'000));
  EXPECT_EQ(clock.state(Color::Black, now + 10'000), clockState(0, 0, 0, 0));
}

TEST(GameClockCanadian, MovesInMainTimeCountNoStones) {
  GameClock clock = blackToMove(canadian(60, 3, 30));
  int64_t now = exchange(clock, kT0, 5'000, 1'000);
  EXPECT_EQ(clock.state(Color::Black, now), clockState(55'000, 0, 0, 0));
}

TEST(GameClockCanadian, OneStonePeriodRenewsAfterEveryMove) {
  GameClock clock = blackToMove(canadian(0, 1, 10));
  int64_t now = exchange(clock, kT0, 9'000, 1'000);
  EXPECT_EQ(clock.state(Color::Black, now), clockState(0, 1, 10'000, 1));
}

// --- Fischer -----------------------------------------------------------------------------------

TEST(GameClockFischer, IncrementIsAddedAfterEveryMove) {
  GameClock clock = blackToMove(fischer(60, 10, 0));
  EXPECT_TRUE(clock.moveMade(kT0 + 4'000));  // a pass is a move too: the same call
  EXPECT_EQ(clock.state(Color::Black, kT0 + 4'000), clockState(66'000, 0, 0, 0));
  // Without a cap the clock may grow beyond the main time.
  int64_t now = exchange(clock, kT0 + 4'000, 1'000, 1'000);
  now = exchange(clock, now, 1'000, 1'000);
  EXPECT_EQ(clock.state(Color::Black, now), clockState(84'000, 0, 0, 0));
}

TEST(GameClockFischer, IncrementStopsAtTheCap) {
  GameClock clock = blackToMove(fischer(60, 10, 65));
  EXPECT_TRUE(clock.moveMade(kT0 + 2'000));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 2'000), clockState(65'000, 0, 0, 0));
}

TEST(GameClockFischer, CapBelowTheMainTimeNeverTakesTimeAway) {
  GameClock clock = blackToMove(fischer(600, 10, 300));
  EXPECT_TRUE(clock.moveMade(kT0 + 2'000));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 2'000), clockState(598'000, 0, 0, 0));
}

TEST(GameClockFischer, NoIncrementOnceTheTimeRanOut) {
  GameClock clock = blackToMove(fischer(60, 10, 0));
  EXPECT_FALSE(clock.moveMade(kT0 + 60'000));
  EXPECT_EQ(clock.state(Color::Black, kT0 + 60'000), clockState(0, 0, 0, 0));
}

// --- The deadline agrees with moveMade ---------------------------------------------------------

// Copies of `clock` moving 1 ms before its deadline succeed and at it fail, and state() turns
// to the ran-out state exactly there.
void expectDeadlineAgrees(const GameClock& clock, const std::string& what) {
  ASSERT_TRUE(clock.deadlineMs().has_value()) << what;
  const int64_t deadline = *clock.deadlineMs();
  const Color mover = *clock.running();
  GameClock early = clock;
  EXPECT_TRUE(early.moveMade(deadline - 1)) << what;
  GameClock late = clock;
  EXPECT_FALSE(late.moveMade(deadline)) << what;
  EXPECT_NE(clock.state(mover, deadline - 1), ClockState{}) << what;
  EXPECT_EQ(clock.state(mover, deadline), ClockState{}) << what;
}

TEST(GameClockDeadline, OneMillisecondBeforeIsInTimeAndTheInstantItselfIsOut) {
  expectDeadlineAgrees(blackToMove(absolute(60)), "absolute");
  expectDeadlineAgrees(blackToMove(fischer(60, 10, 0)), "fischer");
  // Several byoyomi periods crossed in one think.
  expectDeadlineAgrees(blackToMove(byoyomi(10, 3, 5)), "byoyomi from main time");
  expectDeadlineAgrees(blackToMove(byoyomi(0, 1, 1)), "byoyomi, a single 1 s period");
  // Canadian entering overtime mid-think, and already in it.
  expectDeadlineAgrees(blackToMove(canadian(10, 3, 30)), "canadian from main time");
  expectDeadlineAgrees(blackToMove(canadian(0, 3, 30)), "canadian in the period");
}

TEST(GameClockDeadline, AgreesAfterManyMovesOfEveryKind) {
  // Fixed seed: the same games every run, with thinks around the period lengths.
  std::mt19937 random(20261130);
  const std::vector<TimeControl> controls = {
      absolute(120),    fischer(20, 3, 30), fischer(20, 3, 0), byoyomi(5, 5, 2),
      byoyomi(0, 3, 3), canadian(5, 4, 10), canadian(0, 2, 3)};
  for (const TimeControl& control : controls) {
    GameClock clock = blackToMove(control);
    int64_t now = kT0;
    bool endedOnTime = false;
    for (int move = 0; move < 200 && !endedOnTime; ++move) {
      std::string what = std::string(timeKindName(control.kind)) + " move " + std::to_string(move);
      expectDeadlineAgrees(clock, what);
      int64_t left = *clock.deadlineMs() - now;
      // Mostly in time, sometimes past the deadline (refused: the clock must be unchanged).
      int64_t think = std::uniform_int_distribution<int64_t>(0, left + left / 8)(random);
      GameClock before = clock;
      bool inTime = clock.moveMade(now + think);
      EXPECT_EQ(inTime, now + think < *before.deadlineMs()) << what;
      if (!inTime) {
        EXPECT_EQ(clock.toJson(now), before.toJson(now)) << what;
        endedOnTime = true;
      }
      now += think;
    }
    // Some thinks overshoot, so each game ends on time: the refusal was checked too.
    EXPECT_TRUE(endedOnTime) << timeKindName(control.kind);
  }
}

// --- start, stop, restart ----------------------------------------------------------------------

TEST(GameClockStartStop, StopChargesTheRunningPlayerAndFreezesBoth) {
  GameClock clock = blackToMove(absolute(60));
  clock.stop(kT0 + 20'000);
  EXPECT_EQ(clock.running(), std::nullopt);
  EXPECT_EQ(clock.deadlineMs(), std::nullopt);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 500'000), clockState(40'000, 0, 0, 0));
  EXPECT_EQ(clock.state(Color::White, kT0 + 500'000), clockState(60'000, 0, 0, 0));
}

TEST(GameClockStartStop, StartAgainRunsFromTheNewInstant) {
  GameClock clock = blackToMove(absolute(60));
  clock.stop(kT0 + 20'000);
  clock.start(Color::White, kT0 + 100'000);
  EXPECT_EQ(clock.running(), Color::White);
  EXPECT_EQ(clock.deadlineMs(), kT0 + 160'000);
  EXPECT_EQ(clock.state(Color::White, kT0 + 105'000), clockState(55'000, 0, 0, 0));
}

TEST(GameClockStartStop, StartingTheOpponentChargesTheRunningPlayer) {
  GameClock clock = blackToMove(absolute(60));
  clock.start(Color::White, kT0 + 7'000);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 9'000), clockState(53'000, 0, 0, 0));
  EXPECT_EQ(clock.deadlineMs(), kT0 + 67'000);
}

TEST(GameClockStartStop, StartingTheRunningColourAgainChangesNothing) {
  // Restarting would give Black back the byoyomi period half spent at 12 s.
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  clock.start(Color::Black, kT0 + 12'000);
  EXPECT_EQ(clock.deadlineMs(), kT0 + 25'000);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 12'000), clockState(0, 3, 3'000, 0));
}

TEST(GameClockStartStop, StopIsAMoveWithoutItsReward) {
  // Byoyomi: the period in progress is kept.
  GameClock byo = blackToMove(byoyomi(10, 3, 5));
  byo.stop(kT0 + 17'000);
  EXPECT_EQ(byo.state(Color::Black, kT0 + 17'000), clockState(0, 2, 5'000, 0));
  // Canadian: no stone is counted.
  GameClock can = blackToMove(canadian(0, 3, 30));
  can.stop(kT0 + 4'000);
  EXPECT_EQ(can.state(Color::Black, kT0 + 4'000), clockState(0, 1, 26'000, 3));
  // Fischer: no increment.
  GameClock fis = blackToMove(fischer(60, 10, 0));
  fis.stop(kT0 + 4'000);
  EXPECT_EQ(fis.state(Color::Black, kT0 + 4'000), clockState(56'000, 0, 0, 0));
}

TEST(GameClockStartStop, StopAfterTheDeadlineLeavesThePlayerOutOfTime) {
  for (TimeControl control :
       {absolute(60), byoyomi(10, 3, 5), canadian(10, 3, 30), fischer(60, 10, 0)}) {
    GameClock clock = blackToMove(control);
    clock.stop(kT0 + 100'000);
    EXPECT_EQ(clock.state(Color::Black, kT0 + 100'000), clockState(0, 0, 0, 0));
    // Started again, the clock is out at once.
    clock.start(Color::Black, kT0 + 200'000);
    EXPECT_EQ(clock.deadlineMs(), kT0 + 200'000) << timeKindName(control.kind);
    EXPECT_FALSE(clock.moveMade(kT0 + 200'000)) << timeKindName(control.kind);
  }
}

TEST(GameClockStartStop, MoveWithoutARunningClockChangesNothing) {
  GameClock clock(absolute(60));
  EXPECT_TRUE(clock.moveMade(kT0));
  EXPECT_EQ(clock.running(), std::nullopt);
  EXPECT_EQ(clock.state(Color::Black, kT0), clockState(60'000, 0, 0, 0));
}

TEST(GameClockRestart, DowntimeIsChargedToNobody) {
  GameClock clock = blackToMove(byoyomi(10, 3, 5));
  EXPECT_TRUE(clock.moveMade(kT0 + 4'000));  // White's clock runs from kT0 + 4 s
  // The server was down for an hour and restarts the clock from where it stood.
  const int64_t back = kT0 + 3'600'000;
  clock.restart(back);
  EXPECT_EQ(clock.running(), Color::White);
  EXPECT_EQ(clock.state(Color::White, back), clockState(10'000, 3, 5'000, 0));
  EXPECT_EQ(clock.deadlineMs(), back + 25'000);
  EXPECT_TRUE(clock.moveMade(back + 3'000));
  EXPECT_EQ(clock.state(Color::White, back + 3'000), clockState(7'000, 3, 5'000, 0));
}

TEST(GameClockRestart, WithoutARunningClockNothingStarts) {
  GameClock clock(absolute(60));
  clock.restart(kT0);
  EXPECT_EQ(clock.running(), std::nullopt);
  EXPECT_EQ(clock.deadlineMs(), std::nullopt);
}

TEST(GameClockTime, AnInstantBeforeTheStartCountsAsNoTimeSpent) {
  GameClock clock = blackToMove(absolute(60));
  EXPECT_EQ(clock.state(Color::Black, kT0 - 5'000), clockState(60'000, 0, 0, 0));
  EXPECT_TRUE(clock.moveMade(kT0 - 5'000));
  EXPECT_EQ(clock.state(Color::Black, kT0), clockState(60'000, 0, 0, 0));
}

}  // namespace
}  // namespace tengen::game
