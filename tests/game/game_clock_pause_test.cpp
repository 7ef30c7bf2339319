// GameClock::pause and resume (a player's vacation, docs/protocol.md "Vacation"): the running
// player is charged up to the pause and not after it, moves made while paused charge nothing,
// no deadline exists while paused, and the time left is the same whether read at the pause or
// a week later.
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include "game/clock_times.h"
#include "game/game_clock.h"

namespace tengen::game {
namespace {

using test::kDayMs;
using test::kT0;

using go::Color;

TimeControl fischerDays(int mainDays, int incrementDays, int maxDays, bool weekends = false) {
  return {.kind = TimeKind::Fischer,
          .mainSeconds = mainDays * 86400,
          .incrementSeconds = incrementDays * 86400,
          .maxSeconds = maxDays * 86400,
          .pauseOnWeekends = weekends};
}

GameClock blackRunning(TimeControl control) {
  GameClock clock(control);
  clock.start(Color::Black, kT0);
  return clock;
}

TEST(GameClockPause, ChargesUpToThePauseAndNothingWhilePaused) {
  GameClock clock = blackRunning(fischerDays(3, 1, 7));
  clock.pause(kT0 + kDayMs);
  EXPECT_TRUE(clock.paused());
  EXPECT_EQ(clock.deadlineMs(), std::nullopt);
  EXPECT_EQ(clock.state(Color::Black, kT0 + kDayMs).mainMs, 2 * kDayMs);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 20 * kDayMs).mainMs, 2 * kDayMs);
  clock.resume(kT0 + 20 * kDayMs);
  EXPECT_FALSE(clock.paused());
  EXPECT_EQ(clock.state(Color::Black, kT0 + 20 * kDayMs + 3'600'000).mainMs,
            2 * kDayMs - 3'600'000);
  // Two days were left at the pause: the deadline is two days after the resumption.
  EXPECT_EQ(clock.deadlineMs(), kT0 + 22 * kDayMs);
}

TEST(GameClockPause, AMoveWhilePausedChargesNothingAndTheOpponentWaitsForTheResumption) {
  GameClock clock = blackRunning(fischerDays(3, 1, 7));
  clock.pause(kT0 + kDayMs / 2);
  ASSERT_TRUE(clock.moveMade(kT0 + 5 * kDayMs));
  // Half a day spent before the pause, one day of increment after the move.
  EXPECT_EQ(clock.state(Color::Black, kT0 + 5 * kDayMs).mainMs, 3 * kDayMs + kDayMs / 2);
  EXPECT_EQ(clock.running(), Color::White);
  EXPECT_EQ(clock.state(Color::White, kT0 + 9 * kDayMs).mainMs, 3 * kDayMs);
  EXPECT_EQ(clock.deadlineMs(), std::nullopt);
  clock.resume(kT0 + 10 * kDayMs);
  EXPECT_EQ(clock.deadlineMs(), kT0 + 13 * kDayMs);
}

TEST(GameClockPause, PausingTwiceOrResumingUnpausedChangesNothing) {
  GameClock clock = blackRunning(fischerDays(3, 1, 7));
  clock.resume(kT0 + kDayMs);  // not paused: nothing
  EXPECT_EQ(clock.deadlineMs(), kT0 + 3 * kDayMs);
  clock.pause(kT0 + kDayMs);
  clock.pause(kT0 + 2 * kDayMs);  // the first pause holds: one day charged, not two
  clock.resume(kT0 + 4 * kDayMs);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 4 * kDayMs).mainMs, 2 * kDayMs);
}

TEST(GameClockPause, ARestartWhilePausedChargesNothingForTheDowntime) {
  GameClock clock = blackRunning(fischerDays(3, 1, 7));
  clock.pause(kT0 + kDayMs);
  clock.restart(kT0 + 3 * kDayMs, kT0 + 2 * kDayMs);
  EXPECT_TRUE(clock.paused());
  clock.resume(kT0 + 4 * kDayMs);
  EXPECT_EQ(clock.state(Color::Black, kT0 + 4 * kDayMs).mainMs, 2 * kDayMs);
}

TEST(GameClockPause, WeekendsAndVacationsBothStopTheClock) {
  // kT0 is Monday 00:53:20 UTC. Paused Friday at 12:53:20 (four and a half days charged),
  // resumed on Sunday: the weekend charges nothing either, so Monday 00:00 still shows 2.5 days.
  GameClock clock = blackRunning(fischerDays(7, 1, 10, true));
  clock.pause(kT0 + 4 * kDayMs + kDayMs / 2);
  clock.resume(kT0 + 6 * kDayMs + kDayMs / 2);
  const int64_t nextMonday = kT0 + 7 * kDayMs - 3'200'000;
  EXPECT_EQ(clock.state(Color::Black, nextMonday).mainMs, 7 * kDayMs - 4 * kDayMs - kDayMs / 2);
  EXPECT_EQ(clock.state(Color::Black, nextMonday + 1000).mainMs,
            7 * kDayMs - 4 * kDayMs - kDayMs / 2 - 1000);
}

TEST(GameClockPause, TheJsonSaysPausedSoClientsStopCountingDown) {
  GameClock clock = blackRunning(fischerDays(3, 1, 7));
  EXPECT_FALSE(clock.toJson(kT0).as_object().contains("paused"));
  clock.pause(kT0 + 1000);
  const auto json = clock.toJson(kT0 + 5000).as_object();
  EXPECT_EQ(json.at("paused"), true) << boost::json::serialize(json);
  EXPECT_EQ(json.at("running"), "black");
}

}  // namespace
}  // namespace tengen::game
