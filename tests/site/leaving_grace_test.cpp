// The claim grace by time control (site/presence/leaving_grace.h, docs/protocol.md "Leaving a
// game"): five moves' time between 30 s and 5 min, 10 min without a clock, none for
// correspondence, and the serve option replacing it.
#include <gtest/gtest.h>

#include "site/presence/leaving_grace.h"

namespace tengen::site {
namespace {

using namespace std::chrono_literals;

game::TimeControl clock(game::TimeKind kind, int main, int period = 0, int stones = 0) {
  game::TimeControl c;
  c.kind = kind;
  c.mainSeconds = main;
  c.periods = kind == game::TimeKind::Byoyomi ? 5 : 0;
  c.periodSeconds = period;
  c.stones = stones;
  c.incrementSeconds = kind == game::TimeKind::Fischer ? period : 0;
  return c;
}

TEST(LeavingGrace, LiveClocksGetFiveMovesTime) {
  const SiteLimits limits;
  // 9x9 Fischer 5 min + 10 s: 300 / 28.5 + 10 = 20.53 s a move.
  EXPECT_EQ(claimGraceMs(clock(game::TimeKind::Fischer, 300, 10), 9, limits), 102632);
  // 19x19 byo-yomi 10 min + 5x30 s: 600 / 126.5 + 30 = 34.74 s a move.
  EXPECT_EQ(claimGraceMs(clock(game::TimeKind::Byoyomi, 600, 30), 19, limits), 173715);
}

TEST(LeavingGrace, BlitzGetsThirtySecondsAndSlowGamesFiveMinutes) {
  const SiteLimits limits;
  EXPECT_EQ(claimGraceMs(clock(game::TimeKind::Byoyomi, 30, 5), 19, limits), 30000);
  EXPECT_EQ(claimGraceMs(clock(game::TimeKind::Absolute, 9000), 19, limits), 300000);
}

TEST(LeavingGrace, UntimedGamesTenMinutesCorrespondenceNone) {
  const SiteLimits limits;
  EXPECT_EQ(claimGraceMs(game::TimeControl{}, 19, limits), 600000);
  // Canadian 1 day + 10 stones a day: over an hour a move.
  EXPECT_EQ(claimGraceMs(clock(game::TimeKind::Canadian, 86400, 86400, 10), 19, limits),
            std::nullopt);
}

TEST(LeavingGrace, TheServeOptionReplacesItButNeverAllowsCorrespondenceClaims) {
  SiteLimits limits;
  limits.claimGrace = 3s;
  EXPECT_EQ(claimGraceMs(game::TimeControl{}, 9, limits), 3000);
  EXPECT_EQ(claimGraceMs(clock(game::TimeKind::Fischer, 300, 10), 9, limits), 3000);
  EXPECT_EQ(claimGraceMs(clock(game::TimeKind::Canadian, 86400, 86400, 10), 19, limits),
            std::nullopt);
}

}  // namespace
}  // namespace tengen::site
