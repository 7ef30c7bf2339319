// Turning points of an engine review (site/analysis/turning_points.h): the moves after which
// the mover's win rate fell the most, on crafted series.
#include <gtest/gtest.h>

#include "site/analysis/turning_points.h"

namespace tengen::site {
namespace {

// A review whose Black win rates are `rates`, Black and White alternating from Black.
std::vector<store::EngineReviewPosition> series(const std::vector<double>& rates) {
  std::vector<store::EngineReviewPosition> positions;
  for (size_t k = 0; k < rates.size(); ++k) {
    positions.push_back(store::EngineReviewPosition{static_cast<int64_t>(k), rates[k], 0,
                                                    k % 2 == 0, "M" + std::to_string(k)});
  }
  return positions;
}

TEST(TurningPoints, TheMoversLargestFallsFirstEachWithTheMoveTheBotPreferred) {
  // Move 1 (Black) 0.50 -> 0.30: Black lost 0.20. Move 2 (White) 0.30 -> 0.60: White lost
  // 0.30. Move 3 (Black) 0.60 -> 0.65: a gain. Move 4 (White) 0.65 -> 0.70: White lost 0.05,
  // under the threshold. Move 5 (Black) 0.70 -> 0.10: Black lost 0.60.
  const auto points = turningPoints(series({0.50, 0.30, 0.60, 0.65, 0.70, 0.10}));
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].moveNumber, 5);
  EXPECT_NEAR(points[0].drop, 0.60, 1e-9);
  EXPECT_EQ(points[0].bestMove, "M4");  // the bot's move at the position before move 5
  EXPECT_EQ(points[1].moveNumber, 2);
  EXPECT_NEAR(points[1].drop, 0.30, 1e-9);
  EXPECT_EQ(points[1].bestMove, "M1");
  EXPECT_EQ(points[2].moveNumber, 1);
  EXPECT_EQ(points[2].bestMove, "M0");
}

TEST(TurningPoints, AtMostTheCountAskedEqualFallsInMoveOrder) {
  // Every move loses 0.2 for its mover: Black's fall, then White's rise, and so on.
  const auto points = turningPoints(series({0.5, 0.3, 0.5, 0.3, 0.5, 0.3, 0.5, 0.3}), 3);
  ASSERT_EQ(points.size(), 3u);
  EXPECT_EQ(points[0].moveNumber, 1);
  EXPECT_EQ(points[1].moveNumber, 2);
  EXPECT_EQ(points[2].moveNumber, 3);
}

TEST(TurningPoints, AnEvenGameOrAShortOneHasNone) {
  EXPECT_TRUE(turningPoints(series({0.5, 0.48, 0.52, 0.45, 0.5})).empty());
  EXPECT_TRUE(turningPoints(series({0.5})).empty());
  EXPECT_TRUE(turningPoints({}).empty());
  EXPECT_TRUE(turningPoints(series({0.9, 0.1}), 0).empty());
}

TEST(TurningPoints, TheMoverIsWhoeverWasToMoveNotTheParityOfTheMove) {
  // Handicap placement: Black moves twice running; both of Black's moves lose.
  std::vector<store::EngineReviewPosition> positions = series({0.8, 0.6, 0.3});
  positions[1].blackToMove = true;
  const auto points = turningPoints(positions);
  ASSERT_EQ(points.size(), 2u);
  EXPECT_EQ(points[0].moveNumber, 2);
  EXPECT_NEAR(points[0].drop, 0.3, 1e-9);
  EXPECT_EQ(points[1].moveNumber, 1);
}

}  // namespace
}  // namespace tengen::site
