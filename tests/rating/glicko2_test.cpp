// Glicko-2 (rating/glicko2.h): Glickman's published example, and the properties a player
// relies on whatever the numbers: a win never lowers a rating, a loss never raises it, an
// upset moves more than an expected result, and a game narrows the deviation below what the
// period alone would leave.
#include "rating/glicko2.h"

#include <gtest/gtest.h>

#include <cmath>
#include <random>

namespace tengen::rating {
namespace {

TEST(Glicko2, ReproducesGlickmansExample) {
  // "Example of the Glicko-2 system", section 3: tau 0.5.
  const Rating player{1500, 200, 0.06};
  const Rating after =
      update(player, {{{1400, 30, 0.06}, 1}, {{1550, 100, 0.06}, 0}, {{1700, 300, 0.06}, 0}},
             Glicko2Options{}, /*clamp=*/false);
  EXPECT_NEAR(after.rating, 1464.05, 0.01);
  EXPECT_NEAR(after.deviation, 151.52, 0.01);
  EXPECT_NEAR(after.volatility, 0.05999, 0.00001);
}

TEST(Glicko2, AnIdlePeriodOnlyWidensTheDeviation) {
  const Rating player{1700, 100, 0.06};
  const Rating after = update(player, {});
  EXPECT_EQ(after.rating, 1700);
  EXPECT_EQ(after.volatility, 0.06);
  EXPECT_NEAR(after.deviation, 173.7178 * std::sqrt(std::pow(100 / 173.7178, 2) + 0.06 * 0.06),
              1e-9);
}

TEST(Glicko2, ResultsAreClampedToTheSitesBounds) {
  const Rating lonely{120, 480, 0.149};
  const Rating after = update(lonely, {{{3000, 30, 0.06}, 0}});
  EXPECT_GE(after.rating, 100);
  EXPECT_LE(after.deviation, 500);
  EXPECT_LE(after.volatility, 0.15);
  Glicko2Options tight;
  tight.minDeviation = 40;
  // Unclamped this is 31.6: two sure 2000s drawing.
  EXPECT_EQ(update({2000, 30, 0.06}, {{{2000, 30, 0.06}, 0.5}}, tight).deviation, 40);
}

TEST(Glicko2, PropertiesOverManyRandomGames) {
  std::mt19937 random(20261202);
  std::uniform_real_distribution<double> rating(300, 2800);
  std::uniform_real_distribution<double> deviation(30, 350);
  std::uniform_real_distribution<double> volatility(0.02, 0.1);
  for (int i = 0; i < 2000; ++i) {
    const Rating player{rating(random), deviation(random), volatility(random)};
    const Rating opponent{rating(random), deviation(random), volatility(random)};
    const Rating won = update(player, {{opponent, 1}});
    const Rating lost = update(player, {{opponent, 0}});
    const Rating drew = update(player, {{opponent, 0.5}});
    EXPECT_GE(won.rating, player.rating);
    EXPECT_LE(lost.rating, player.rating);
    EXPECT_GT(won.rating, drew.rating);
    EXPECT_GT(drew.rating, lost.rating);
    // The gain of a win is the larger the less it was expected.
    const double expected = expectedScore(player, opponent);
    const double gain = won.rating - player.rating;
    const double loss = player.rating - lost.rating;
    if (expected < 0.4) EXPECT_GT(gain, loss);
    if (expected > 0.6) EXPECT_LT(gain, loss);
    // A game informs: the deviation ends below what the period alone would give it.
    const double idle = 173.7178 * std::hypot(player.deviation / 173.7178, won.volatility);
    EXPECT_LE(won.deviation, std::max(idle, 30.0) + 1e-9);
  }
}

}  // namespace
}  // namespace tengen::rating
