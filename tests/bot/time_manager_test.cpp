// Time management: how much of the clock one move may spend (bot/time_manager.h).
#include "bot/time_manager.h"

#include <gtest/gtest.h>

namespace tengen::bot {
namespace {

using System = ClockView::System;

struct Case {
  const char* what;
  ClockView clock;
  int size;
  int empty;
  SearchLimits limits;
  double low;  // the budget must lie in [low, high]
  double high;
};

TEST(TimeManager, BudgetsFollowTheClock) {
  const Case cases[] = {
      {"no clock: the limit", {}, 19, 361, {0, 2.0}, 2.0, 2.0},
      {"no clock, no limit", {}, 19, 361, {1000, 0}, 0, 0},
      // 600 s for ~120 expected moves of mine on an empty 19x19: about 5 s.
      {"absolute, opening", {System::Absolute, 600}, 19, 361, {0, 0}, 4.0, 6.0},
      {"absolute, capped by the limit", {System::Absolute, 600}, 19, 361, {0, 1.0}, 1.0, 1.0},
      // Late: the floor of 30 expected moves keeps a reserve: 60 s / 30.
      {"absolute, endgame", {System::Absolute, 60}, 19, 100, {0, 0}, 1.9, 2.0},
      {"absolute, nearly out", {System::Absolute, 0.2}, 9, 40, {0, 0}, 0.05, 0.05},
      // 30 s periods: 0.8 * 30 - margin.
      {"byoyomi overtime", {System::Byoyomi, 0, 30, 3}, 19, 200, {0, 0}, 23.0, 24.0},
      {"byoyomi overtime, limit", {System::Byoyomi, 0, 30, 3}, 19, 200, {0, 5.0}, 5.0, 5.0},
      // Main time share plus the period it may run into.
      {"byoyomi main", {System::Byoyomi, 300, 10, 5}, 9, 81, {0, 0}, 8.0, 30.0},
      // 60 s for 10 stones: 0.9 * (60 - 0.3) / 10.
      {"canadian overtime", {System::Canadian, 0, 60, 0, 10}, 19, 200, {0, 0}, 5.3, 5.4},
      {"canadian last stone", {System::Canadian, 0, 20, 0, 1}, 19, 200, {0, 0}, 17.5, 18.0},
      {"canadian main", {System::Canadian, 600, 300, 0, 25}, 19, 361, {0, 0}, 4.0, 6.0},
      // Fischer: 60 s bank / 30 moves + 0.8 * 10 s increment.
      {"fischer", {System::Fischer, 60, 0, 0, 0, 10}, 19, 100, {0, 0}, 9.9, 10.0},
      {"fischer, empty bank", {System::Fischer, 1, 0, 0, 0, 10}, 19, 100, {0, 0}, 0.3, 0.36},
  };
  for (const Case& c : cases) {
    const TimeBudgetInput in{c.clock, c.size, c.empty, 0};
    const double budget = moveBudgetSeconds(in, c.limits);
    EXPECT_GE(budget, c.low) << c.what;
    EXPECT_LE(budget, c.high) << c.what;
  }
}

TEST(TimeManager, ExpectedMovesShrinkAsTheBoardFills) {
  EXPECT_GT(expectedMovesLeft(19, 361), expectedMovesLeft(19, 250));
  EXPECT_EQ(expectedMovesLeft(19, 50), 30);
  EXPECT_EQ(expectedMovesLeft(9, 10), 10);
}

}  // namespace
}  // namespace tengen::bot
