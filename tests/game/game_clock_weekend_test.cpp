// Correspondence clocks (docs/protocol.md, "Clocks"; players-reference 1.2-1.3): weekends from
// Saturday 00:00 to Monday 00:00 UTC are not charged when the control pauses on weekends, and a
// restarted server charges the running player up to its predecessor's last sign of life.
#include "game/game_clock.h"

#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <string>

#include "game/clock_times.h"

namespace tengen::game {
namespace {

using test::kDayMs;
using test::kHourMs;

namespace json = boost::json;
using go::Color;

constexpr int kDay = 86400;
// Friday 2026-12-04 22:00 UTC, Saturday 2026-12-05 00:00, Monday 2026-12-07 00:00.
constexpr int64_t kFriday22 = 1'796'421'600'000;
constexpr int64_t kSaturday = 1'796'428'800'000;
constexpr int64_t kMonday = 1'796'601'600'000;

TimeControl weekendFischer(int mainSeconds, int incrementSeconds, int maxSeconds) {
  return {.kind = TimeKind::Fischer,
          .mainSeconds = mainSeconds,
          .incrementSeconds = incrementSeconds,
          .maxSeconds = maxSeconds,
          .pauseOnWeekends = true};
}

TimeControl weekendByoyomi(int mainSeconds, int periods, int periodSeconds) {
  return {.kind = TimeKind::Byoyomi,
          .mainSeconds = mainSeconds,
          .periods = periods,
          .periodSeconds = periodSeconds,
          .pauseOnWeekends = true};
}

TEST(WeekendTime, OnlyWeekdaysAreCharged) {
  EXPECT_EQ(chargeableMs(true, kFriday22, kSaturday), 2 * kHourMs);
  EXPECT_EQ(chargeableMs(true, kSaturday, kMonday), 0);
  EXPECT_EQ(chargeableMs(true, kFriday22, kMonday + kHourMs), 3 * kHourMs);
  EXPECT_EQ(chargeableMs(true, kMonday, kMonday + 7 * kDayMs), 5 * kDayMs);
  EXPECT_EQ(chargeableMs(true, kSaturday + kHourMs, kSaturday + 2 * kHourMs), 0);
  EXPECT_EQ(chargeableMs(false, kFriday22, kMonday), kMonday - kFriday22);
  EXPECT_EQ(chargeableMs(true, kMonday, kFriday22), 0);
}

TEST(WeekendTime, SpendingSkipsWeekends) {
  EXPECT_EQ(afterChargingMs(true, kFriday22, 2 * kHourMs), kSaturday);
  EXPECT_EQ(afterChargingMs(true, kFriday22, 2 * kHourMs + 1), kMonday + 1);
  EXPECT_EQ(afterChargingMs(true, kSaturday + kHourMs, kHourMs), kMonday + kHourMs);
  EXPECT_EQ(afterChargingMs(true, kMonday, 5 * kDayMs), kSaturday + 7 * kDayMs);
  EXPECT_EQ(afterChargingMs(true, kMonday, 6 * kDayMs), kMonday + 8 * kDayMs);
  EXPECT_EQ(afterChargingMs(false, kFriday22, 3 * kDayMs), kFriday22 + 3 * kDayMs);
}

TEST(WeekendClock, AFridayNightThinkIsChargedOnlyUntilMidnight) {
  GameClock clock(weekendFischer(3 * kDay, kDay, 7 * kDay));
  clock.start(Color::Black, kFriday22);
  EXPECT_EQ(clock.state(Color::Black, kMonday).mainMs, 3 * kDayMs - 2 * kHourMs);
  ASSERT_TRUE(clock.moveMade(kMonday + kHourMs));
  // 3 days - 3 hours, plus the 1-day increment.
  EXPECT_EQ(clock.state(Color::Black, kMonday + kHourMs).mainMs, 4 * kDayMs - 3 * kHourMs);
}

TEST(WeekendClock, AThinkSpanningAWholeWeekendCostsOnlyItsWeekdays) {
  GameClock clock(weekendFischer(3 * kDay, kDay, 7 * kDay));
  clock.start(Color::Black, kMonday - 3 * kDayMs);  // Friday 00:00
  ASSERT_TRUE(clock.moveMade(kMonday + kDayMs));    // Tuesday 00:00: two weekdays
  EXPECT_EQ(clock.state(Color::Black, kMonday + kDayMs).mainMs, 2 * kDayMs);
}

TEST(WeekendClock, TheDeadlineMovesPastTheWeekend) {
  GameClock clock(weekendFischer(3 * kDay, kDay, 7 * kDay));
  clock.start(Color::Black, kFriday22);
  // 2 hours on Friday, then the rest from Monday 00:00.
  EXPECT_EQ(clock.deadlineMs(), kMonday + 3 * kDayMs - 2 * kHourMs);
  EXPECT_FALSE(clock.moveMade(kMonday + 3 * kDayMs - 2 * kHourMs));
  EXPECT_TRUE(clock.moveMade(kMonday + 3 * kDayMs - 2 * kHourMs - 1));
}

TEST(WeekendClock, ADeadlineEndingAtSaturdayMidnightStaysThere) {
  GameClock clock(weekendFischer(2 * 3600, 0, 0));
  clock.start(Color::White, kFriday22);
  EXPECT_EQ(clock.deadlineMs(), kSaturday);
}

TEST(WeekendClock, AWeekendDoesNotRefillOrSpendAByoyomiPeriod) {
  GameClock clock(weekendByoyomi(0, 5, kDay));
  clock.start(Color::Black, kFriday22);
  ClockState sunday = clock.state(Color::Black, kMonday - kHourMs);
  EXPECT_EQ(sunday.periodsLeft, 5);
  EXPECT_EQ(sunday.periodMs, kDayMs - 2 * kHourMs);
  // Monday 23:00: 2 + 23 weekday hours; the first period is used up, 1 hour of the next.
  ClockState monday = clock.state(Color::Black, kMonday + 23 * kHourMs);
  EXPECT_EQ(monday.periodsLeft, 4);
  EXPECT_EQ(monday.periodMs, kDayMs - kHourMs);
  EXPECT_EQ(clock.deadlineMs(), kMonday + 5 * kDayMs - 2 * kHourMs);
}

TEST(WeekendClock, WeekendsDoNotRefillTime) {
  // The OGS bug (#449/#714): time refilled each weekend made games endless. Here a weekend
  // only stops the clock; moves around it give nothing back.
  GameClock clock(
      TimeControl{.kind = TimeKind::Absolute, .mainSeconds = kDay, .pauseOnWeekends = true});
  clock.start(Color::Black, kFriday22 - 10 * kHourMs);    // Friday 12:00
  ASSERT_TRUE(clock.moveMade(kFriday22 + kHourMs));       // 11 hours used, 13 left
  ASSERT_TRUE(clock.moveMade(kSaturday + 12 * kHourMs));  // white, during the weekend
  EXPECT_EQ(clock.state(Color::White, kSaturday + 12 * kHourMs).mainMs, kDayMs - kHourMs);
  EXPECT_EQ(clock.state(Color::Black, kMonday).mainMs, 13 * kHourMs);
  EXPECT_EQ(clock.deadlineMs(), kMonday + 13 * kHourMs);
  EXPECT_FALSE(clock.moveMade(kMonday + 13 * kHourMs));
}

TEST(WeekendClock, ClockJsonTellsClientsAboutTheWeekendPause) {
  GameClock clock(weekendFischer(3 * kDay, kDay, 7 * kDay));
  clock.start(Color::Black, kFriday22);
  json::value shown = clock.toJson(kSaturday + kHourMs);
  EXPECT_EQ(shown.at("pauseOnWeekends"), json::value(true));
  EXPECT_EQ(shown.at("black").at("mainMs"), json::value(3 * kDayMs - 2 * kHourMs));
}

TEST(WeekendControlJson, PauseOnWeekendsIsOptionalAndRoundTrips) {
  const std::string text =
      R"({"kind":"fischer","mainSeconds":259200,"incrementSeconds":86400,"maxSeconds":604800,"pauseOnWeekends":true})";
  Result<TimeControl> control = TimeControl::fromJson(json::parse(text));
  ASSERT_TRUE(control.has_value());
  EXPECT_TRUE(control->pauseOnWeekends);
  EXPECT_EQ(json::serialize(control->toJson()), text);
  EXPECT_EQ(control->sgfOvertime(), "86400 Fischer max 604800 (weekends paused)");
  Result<TimeControl> bad = TimeControl::fromJson(
      json::parse(R"({"kind":"absolute","mainSeconds":60,"pauseOnWeekends":1})"));
  ASSERT_FALSE(bad.has_value());
  EXPECT_EQ(bad.error().message, "time.pauseOnWeekends: expected true or false, got 1");
  Result<TimeControl> none =
      TimeControl::fromJson(json::parse(R"({"kind":"none","pauseOnWeekends":true})"));
  ASSERT_FALSE(none.has_value());
}

TEST(RestartClock, ChargesUpToTheLastSignOfLifeAndNotTheDowntime) {
  GameClock clock(TimeControl{.kind = TimeKind::Absolute, .mainSeconds = 3600});
  clock.start(Color::Black, kMonday);
  // Alive until +10 min, down until +40 min.
  clock.restart(kMonday + 40 * 60'000, kMonday + 10 * 60'000);
  EXPECT_EQ(clock.state(Color::Black, kMonday + 40 * 60'000).mainMs, 50 * 60'000);
  EXPECT_EQ(clock.deadlineMs(), kMonday + 90 * 60'000);
  ASSERT_TRUE(clock.moveMade(kMonday + 50 * 60'000));
  EXPECT_EQ(clock.state(Color::Black, kMonday + 50 * 60'000).mainMs, 40 * 60'000);
}

TEST(RestartClock, ALivenessTimeBeforeTheThinkChargesNothing) {
  GameClock clock(TimeControl{.kind = TimeKind::Absolute, .mainSeconds = 3600});
  clock.start(Color::Black, kMonday);
  clock.restart(kMonday + 60'000, kMonday - 60'000);
  EXPECT_EQ(clock.state(Color::Black, kMonday + 60'000).mainMs, 3600'000);
}

TEST(RestartClock, TimeThatRanOutBeforeTheServerStoppedStaysOut) {
  GameClock clock(TimeControl{.kind = TimeKind::Absolute, .mainSeconds = 60});
  clock.start(Color::Black, kMonday);
  clock.restart(kMonday + 600'000, kMonday + 120'000);
  EXPECT_LE(*clock.deadlineMs(), kMonday + 600'000);
  EXPECT_FALSE(clock.moveMade(kMonday + 600'000));
}

TEST(RestartClock, TwoRestartsAddUp) {
  GameClock clock(TimeControl{.kind = TimeKind::Absolute, .mainSeconds = 3600});
  clock.start(Color::Black, kMonday);
  clock.restart(kMonday + 20 * 60'000, kMonday + 5 * 60'000);   // 5 min charged
  clock.restart(kMonday + 60 * 60'000, kMonday + 30 * 60'000);  // 10 more
  EXPECT_EQ(clock.state(Color::Black, kMonday + 60 * 60'000).mainMs, 45 * 60'000);
}

TEST(RestartClock, WithoutALivenessTimeTheThinkRestarts) {
  GameClock clock(TimeControl{.kind = TimeKind::Absolute, .mainSeconds = 3600});
  clock.start(Color::Black, kMonday);
  clock.restart(kMonday + 20 * 60'000);
  EXPECT_EQ(clock.state(Color::Black, kMonday + 20 * 60'000).mainMs, 3600'000);
}

TEST(RestartClock, DowntimeOverAWeekendIsFreeTwice) {
  GameClock clock(weekendFischer(3 * kDay, kDay, 7 * kDay));
  clock.start(Color::Black, kFriday22);
  clock.restart(kMonday + kHourMs, kFriday22 + kHourMs);
  EXPECT_EQ(clock.state(Color::Black, kMonday + kHourMs).mainMs, 3 * kDayMs - kHourMs);
}

}  // namespace
}  // namespace tengen::game
