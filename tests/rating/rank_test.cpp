// Ranks from ratings (rating/rank.h) at OGS's published anchors, and handicap games rated
// through the rank shift (rating/handicap_rating.h).
#include "rating/rank.h"

#include <gtest/gtest.h>

#include "rating/handicap_rating.h"

namespace tengen::rating {
namespace {

TEST(Rank, MatchesThePublishedAnchors) {
  // players-reference section 2: 30k 525, 25k 652, 20k 809, 15k 1004, 10k 1246, 5k 1546,
  // 1k 1837, 1d 1918, 5d 2280, 9d 2710 (each the rating where the rank starts, rounded).
  const std::pair<double, const char*> anchors[] = {
      {526, "30k"}, {653, "25k"}, {810, "20k"}, {1005, "15k"}, {1247, "10k"},
      {1547, "5k"}, {1838, "1k"}, {1919, "1d"}, {2281, "5d"},  {2711, "9d"}};
  for (const auto& [rating, label] : anchors) EXPECT_EQ(rankLabel(rating), label) << rating;
  EXPECT_EQ(rankLabel(1500), "6k");
  EXPECT_EQ(rankLabel(100), "30k") << "clamped below";
  EXPECT_EQ(rankLabel(6000), "9d") << "clamped above";
  EXPECT_NEAR(ratingOf(rankOf(1234.5)), 1234.5, 1e-9);
}

TEST(Rank, ProvisionalWhileTheDeviationIs160OrMore) {
  EXPECT_EQ(displayRank({1500, 350, 0.06}), "6k?");
  EXPECT_EQ(displayRank({1500, 160, 0.06}), "6k?");
  EXPECT_EQ(displayRank({1500, 159.9, 0.06}), "6k");
}

TEST(HandicapRating, StonesAreWorthRanksMoreOnSmallBoards) {
  // 19x19, area scoring, three stones, komi 0.5 with a bonus of 3: (7 - 3.5 + 13 * 2) / 12.
  EXPECT_NEAR(handicapRankShift({19, 3, 0.5, true, 3}), 29.5 / 12, 1e-9);
  // An even game at komi 7 under area rules is fair: no shift.
  EXPECT_NEAR(handicapRankShift({19, 0, 7, true, 0}), 0, 1e-9);
  EXPECT_NEAR(handicapRankShift({9, 2, 0.5, false, 0}), 6 * (6 - 0.5 + 12) / 12, 1e-9);
  EXPECT_NEAR(handicapRankShift({13, 2, 0.5, false, 0}), 3 * (6 - 0.5 + 12) / 12, 1e-9);
}

TEST(HandicapRating, AFairHandicapGameMovesBothLikeAnEvenGameBetweenEquals) {
  // Black 5k against White 1d with the handicap their gap calls for: each is rated against a
  // copy of the other about as strong as themselves, so a win moves about as much as one
  // between equals.
  const Rating black{ratingOf(25.5), 80, 0.06};
  const Rating white{ratingOf(30.5), 80, 0.06};
  const HandicapTerms terms{19, 5, 0.5, true, 5};
  const double shift = handicapRankShift(terms);
  ASSERT_NEAR(shift, (7 - 5.5 + 13 * 4) / 12.0, 1e-9);
  const GameRatings blackWins = rateGame(black, white, 1, terms);
  const Rating equal{black.rating, 80, 0.06};
  const Rating evenWin = update(black, {{equal, 1}});
  EXPECT_NEAR(blackWins.black.rating - black.rating, evenWin.rating - black.rating, 6);
  EXPECT_LT(blackWins.white.rating, white.rating);
  // Without the shift the same win would be an upset and move far more.
  const GameRatings even = rateGame(black, white, 1, {19, 0, 7, true, 0});
  EXPECT_GT(even.black.rating - black.rating, 1.5 * (blackWins.black.rating - black.rating));
}

}  // namespace
}  // namespace tengen::rating
