// The speed and categories of a rated game (site/ratings/game_rating.h), from the clock's time
// per move as players-reference section 1 defines it.
#include "site/ratings/game_rating.h"

#include <gtest/gtest.h>

namespace tengen::site {
namespace {

game::TimeControl fischer(int main, int increment) {
  game::TimeControl t;
  t.kind = game::TimeKind::Fischer;
  t.mainSeconds = main;
  t.incrementSeconds = increment;
  return t;
}

TEST(GameRating, SpeedFollowsTheTimePerMove) {
  // 19x19: round(0.7 * 361) / 2 = 126.5 moves each.
  EXPECT_EQ(speedOf(fischer(30, 5), 19), Speed::Blitz);   // 0.24 + 5 s
  EXPECT_EQ(speedOf(fischer(600, 10), 19), Speed::Live);  // 4.7 + 10 s
  EXPECT_EQ(speedOf(fischer(259200, 86400), 19), Speed::Correspondence);
  EXPECT_EQ(speedOf(game::TimeControl{}, 19), Speed::Correspondence) << "no clock";
  game::TimeControl byoyomi;
  byoyomi.kind = game::TimeKind::Byoyomi;
  byoyomi.mainSeconds = 0;
  byoyomi.periods = 5;
  byoyomi.periodSeconds = 9;
  EXPECT_EQ(speedOf(byoyomi, 9), Speed::Blitz);
  byoyomi.periodSeconds = 10;
  EXPECT_EQ(speedOf(byoyomi, 9), Speed::Live);
}

TEST(GameRating, CategoriesAreOverallSpeedSizeAndBoth) {
  EXPECT_EQ(ratingCategories(13, Speed::Blitz),
            (std::vector<std::string>{"overall", "blitz", "13x13", "13x13-blitz"}));
  EXPECT_EQ(ratingCategories(7, Speed::Live), (std::vector<std::string>{"overall", "live"}));
}

}  // namespace
}  // namespace tengen::site
