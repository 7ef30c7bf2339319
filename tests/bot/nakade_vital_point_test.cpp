// The vital point of a small eye space (src/bot/nakade_vital_point.h), which the playouts'
// nakade rule plays (PlayoutOptions::nakadeVitalRate).
#include "bot/nakade_vital_point.h"

#include <gtest/gtest.h>

#include "bot/playout_policy.h"
#include "bot/test_positions.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::test::parseBoard;

using test::at;

// White B2 borders a bent three in the corner (A2, A1, B1): its vital point is A1.
TEST(NakadeVitalPoint, TheBentThreesCornerPoint) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 O O . . .
   2 . O . . .
   1 . . O . .
  )");
  EXPECT_EQ(nakadeVitalPoint(board, at(board, "B2")), at(board, "A1"));
}

// A T four (B1 with A1, C1 and B2): its middle B1; White D1 borders it.
TEST(NakadeVitalPoint, TheMiddleOfATFour) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 . O . . .
   2 O . O . .
   1 . . . O .
  )");
  EXPECT_EQ(nakadeVitalPoint(board, at(board, "D1")), at(board, "B1"));
}

// A straight four has two eyes whoever plays first: no vital point. Nor has a space with a
// Black stone on its edge (A3, next to A2).
TEST(NakadeVitalPoint, NoneInAStraightFourOrASpaceNotEnclosedByOneColour) {
  const Board straightFour = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 . . . . .
   2 O O O O O
   1 . . . . O
  )");
  EXPECT_EQ(nakadeVitalPoint(straightFour, at(straightFour, "E1")), go::kPass);
  const Board open = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 X O . . .
   2 . O . . .
   1 . . O . .
  )");
  EXPECT_EQ(nakadeVitalPoint(open, at(open, "B2")), go::kPass);
}

// With the rule always on, Black answers White B2 at the bent three's vital point A1.
TEST(NakadeVitalPoint, ThePlayoutsPlayItAfterTheOwnersMove) {
  Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 O O . . .
   2 . O . . .
   1 . . O . .
  )");
  PlayoutOptions options;
  options.nakadeVitalRate = 256;
  options.patternRate = 0;
  const PlayoutPolicy policy(options);
  go::Random rng(3);
  for (int i = 0; i < 20; ++i) {
    Board copy = board;
    EXPECT_EQ(policy.choose(copy, Color::Black, at(board, "B2"), go::kNoPoint, rng, false),
              at(board, "A1"));
  }
}

}  // namespace
}  // namespace tengen::bot
