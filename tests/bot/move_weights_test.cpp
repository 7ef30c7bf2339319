// Learned move weights (src/bot/move_weights.h): the file format, its errors, and the file
// built into tengen.
#include "bot/move_weights.h"

#include <gtest/gtest.h>

namespace tengen::bot {
namespace {

TEST(MoveWeights, ParsesGroupsLevelsAndPatterns) {
  const auto weights = MoveWeights::parse(
      "# a comment\n"
      "capture 1 20.5\n"
      "\n"
      "  distance_last 2   3.25\n"
      "pattern3 X.O..### 0.5\n");
  ASSERT_TRUE(weights) << weights.error().toString();
  EXPECT_FLOAT_EQ(weights->gamma(FeatureGroup::Capture, 1), 20.5f);
  EXPECT_FLOAT_EQ(weights->gamma(FeatureGroup::Capture, 2), 1.0f);
  EXPECT_FLOAT_EQ(weights->gamma(FeatureGroup::DistLast, 2), 3.25f);
  const auto level = parsePattern3("X.O..###");
  ASSERT_TRUE(level);
  EXPECT_FLOAT_EQ(weights->gamma(FeatureGroup::Pattern3, *level), 0.5f);
  // A mirror image names the same canonical pattern.
  EXPECT_EQ(*parsePattern3("O.X..###"), *level);
  MoveFeatures f;
  f[FeatureGroup::Capture] = 1;
  f[FeatureGroup::DistLast] = 2;
  EXPECT_DOUBLE_EQ(weights->strength(f), 20.5 * 3.25);
}

TEST(MoveWeights, FormatReadsBackTheSame) {
  MoveWeights weights;
  weights.setGamma(FeatureGroup::Atari, 1, 4.5f);
  weights.setGamma(FeatureGroup::Pattern3, *parsePattern3("XXO.O#.."), 0.125f);
  const std::string text = weights.format("made by a test\nsecond line");
  EXPECT_EQ(text.rfind("# made by a test\n# second line\n", 0), 0u) << text;
  const auto again = MoveWeights::parse(text);
  ASSERT_TRUE(again) << again.error().toString();
  EXPECT_EQ(again->format("made by a test\nsecond line"), text);
}

TEST(MoveWeights, RejectsBadLinesWithTheLineAndWhatWasExpected) {
  const auto error = [](const char* text) {
    const auto parsed = MoveWeights::parse(text);
    return parsed ? std::string("accepted") : parsed.error().toString();
  };
  EXPECT_EQ(error("capture 1 2\nladder 1 2\n"),
            "line 2: unknown feature group 'ladder' (expected pattern3, capture, extension, "
            "self_atari, atari, distance_last, distance_last2, line or own_eye)");
  EXPECT_EQ(error("capture 5 2\n"), "line 1: capture has levels 1..4, got '5'");
  EXPECT_EQ(error("capture 0 2\n"), "line 1: capture has levels 1..4, got '0'");
  EXPECT_EQ(error("capture x 2\n"), "line 1: capture has levels 1..4, got 'x'");
  EXPECT_EQ(error("capture 1\n"), "line 1: expected: group level gamma");
  EXPECT_EQ(error("capture 1 2 3\n"), "line 1: expected: group level gamma");
  EXPECT_EQ(error("capture 1 -2\n"), "line 1: a gamma is a positive number, got '-2'");
  EXPECT_EQ(error("capture 1 nan\n"), "line 1: a gamma is a positive number, got 'nan'");
  EXPECT_EQ(error("capture 1 0\n"), "line 1: a gamma is a positive number, got '0'");
  EXPECT_EQ(error("pattern3 X.O 1\n"),
            "line 1: a 3x3 pattern is 8 characters (NW N NE W E SW S SE), got 'X.O'");
  EXPECT_EQ(error("pattern3 X.O..##x 1\n"),
            "line 1: a 3x3 pattern cell is one of . X O #, got 'x'");
}

TEST(MoveWeights, TheBuiltInFileParses) {
  // builtIn() aborts on a broken file; reaching the check is the test.
  const MoveWeights& weights = MoveWeights::builtIn();
  EXPECT_GT(weights.strength(MoveFeatures{}), 0.0);
}

}  // namespace
}  // namespace tengen::bot
