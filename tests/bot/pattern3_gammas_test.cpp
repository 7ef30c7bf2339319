// The learned 3x3 strengths by raw code (src/bot/pattern3_gammas.h): every image of a
// pattern under the board's symmetries reads the same gamma, other codes read 1.
#include "bot/pattern3_gammas.h"

#include <gtest/gtest.h>

namespace tengen::bot {
namespace {

TEST(Pattern3Gammas, EveryImageOfALearnedPatternReadsItsGamma) {
  const auto weights = MoveWeights::parse(
      "pattern3 OX...... 7.5\n"
      "distance_last 2 3\n"
      "distance_last 3 1.5\n");
  ASSERT_TRUE(weights) << weights.error().toString();
  const Pattern3Gammas gammas(*weights);
  EXPECT_FLOAT_EQ(gammas.orthogonal(), 3.0f);
  EXPECT_FLOAT_EQ(gammas.diagonal(), 1.5f);
  // NW opponent and N own (codes: 2 bits a neighbour, NW first; 1 own, 2 opponent), and its
  // mirror image NE opponent, N own.
  const std::uint16_t code = 2u | (1u << 2);
  const std::uint16_t mirrored = (1u << 2) | (2u << 4);
  EXPECT_FLOAT_EQ(gammas[code], 7.5f);
  EXPECT_FLOAT_EQ(gammas[mirrored], 7.5f);
  // The colours swapped is another pattern.
  EXPECT_FLOAT_EQ(gammas[static_cast<std::uint16_t>(1u | (2u << 2))], 1.0f);
  int learned = 0;
  for (unsigned c = 0; c < 65536; ++c) learned += gammas[static_cast<std::uint16_t>(c)] != 1.0f;
  // An opponent corner beside an own side stone: eight images (four corners, two sides each).
  EXPECT_EQ(learned, 8);
}

TEST(Pattern3Gammas, BuiltInMatchesTheCompiledWeights) {
  const MoveWeights& weights = MoveWeights::builtIn();
  const Pattern3Gammas& gammas = Pattern3Gammas::builtIn();
  for (unsigned c = 0; c < 65536; c += 7) {
    const auto code = static_cast<std::uint16_t>(c);
    EXPECT_EQ(gammas[code], weights.gamma(FeatureGroup::Pattern3, canonicalPattern3(code) + 1u));
  }
  EXPECT_EQ(gammas.orthogonal(), weights.gamma(FeatureGroup::DistLast, 2));
}

}  // namespace
}  // namespace tengen::bot
