// Score-aware results (src/bot/score_result.h): the value a margin is worth, the drawn
// results' mean, and that a search counting them reports the value its share gives.
#include "bot/score_result.h"

#include <cmath>
#include <string>

#include <gtest/gtest.h>

#include "bot/bot.h"
#include "bot/bot_test_options.h"
#include "go/diagram.h"

namespace tengen::bot::score_result_test {
namespace {

using go::Color;
using go::test::parseGame;
using test::fixedPlayouts;
using test::moveText;

TEST(ScoreResult, AMarginIsWorthAQuarterPointPerBoardLineAndSaturates) {
  EXPECT_DOUBLE_EQ(marginValue(0, 19), 0.5);
  EXPECT_DOUBLE_EQ(marginValue(19, 19), 0.75);
  EXPECT_DOUBLE_EQ(marginValue(-19, 19), 0.25);
  EXPECT_DOUBLE_EQ(marginValue(38, 19), 1.0);
  EXPECT_DOUBLE_EQ(marginValue(200, 19), 1.0);
  EXPECT_DOUBLE_EQ(marginValue(-200, 19), 0.0);
  EXPECT_DOUBLE_EQ(marginValue(9, 9), 0.75);
}

TEST(ScoreResult, TheValueMixesWhoWonWithTheMarginByTheShare) {
  EXPECT_DOUBLE_EQ(blackValue(3, 19, 0), 1.0);
  EXPECT_DOUBLE_EQ(blackValue(-3, 19, 0), 0.0);
  EXPECT_DOUBLE_EQ(blackValue(0, 19, 0), 0.5);
  // Won by 19: 0.9 * 1 + 0.1 * 0.75. Lost by 19: 0.1 * 0.25.
  EXPECT_DOUBLE_EQ(blackValue(19, 19, 0.1), 0.975);
  EXPECT_DOUBLE_EQ(blackValue(-19, 19, 0.1), 0.025);
  // A bigger win is worth more, a smaller loss too; who won still counts most.
  EXPECT_GT(blackValue(30, 19, 0.1), blackValue(2, 19, 0.1));
  EXPECT_GT(blackValue(-2, 19, 0.1), blackValue(-30, 19, 0.1));
  EXPECT_GT(blackValue(0.5, 19, 0.1), blackValue(-0.5, 19, 0.1) + 0.8);
}

TEST(ScoreResult, WithoutAShareTheResultIsWhoWonAndNoRandomNumberIsDrawn) {
  go::Random rng(7);
  go::Random untouched(7);
  EXPECT_EQ(scoredResultX2(0.5, 9, 0, rng), 2);
  EXPECT_EQ(scoredResultX2(0, 9, 0, rng), 1);
  EXPECT_EQ(scoredResultX2(-40, 9, 0, rng), 0);
  EXPECT_EQ(rng.next(), untouched.next());
}

// The drawn results' mean is the value, within four standard errors of 200,000 draws.
TEST(ScoreResult, TheDrawnResultsAverageToTheValue) {
  go::Random rng(11);
  for (const double margin : {10.0, 2.0, 0.0, -3.0, -60.0}) {
    for (const double share : {0.05, 0.3, 1.0}) {
      constexpr int kDraws = 200'000;
      long long sumX2 = 0;
      for (int i = 0; i < kDraws; ++i) sumX2 += scoredResultX2(margin, 19, share, rng);
      const double mean = 0.5 * static_cast<double>(sumX2) / kDraws;
      const double expected = blackValue(margin, 19, share);
      const double standardError = 0.5 / std::sqrt(static_cast<double>(kDraws));
      EXPECT_NEAR(mean, expected, 4 * standardError) << "margin " << margin << " share " << share;
    }
  }
}

// A settled 9x9 game: Black's 45 points against White's 36, komi 0, so Black wins by 9 with
// nothing left to change it. Its value is 1 by who won and marginValue(9, 9) = 0.75 by margin.
constexpr const char* kSettledByNine = R"(
   A B C D E F G H J
 9 . . . . X O . . .
 8 . X . . X O . O .
 7 . . . . X O . . .
 6 . . X . X O . . .
 5 . . . . X O . O .
 4 . X . . X O . . .
 3 . . . X X O . . .
 2 . X . . X O . O .
 1 . . . . X O . . .
)";

TEST(ScoreResult, TheSearchReportsTheValueItsShareGives) {
  const go::Game game = parseGame(kSettledByNine, "chinese komi=0");
  for (const double share : {0.0, 0.5, 1.0}) {
    BotOptions options = fixedPlayouts(2000);
    options.scoreShare = share;
    Bot bot(options);
    const Decision d = bot.genmove(game, Color::Black);
    const double expected = blackValue(9, 9, share);
    EXPECT_NEAR(d.winRate, expected, 0.04) << "share " << share << ", played " << moveText(game, d);
  }
}

TEST(ScoreResult, IsOffUnlessAskedFor) { EXPECT_EQ(BotOptions{}.scoreShare, 0); }

}  // namespace
}  // namespace tengen::bot::score_result_test
