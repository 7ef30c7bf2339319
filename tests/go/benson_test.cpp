// Benson's unconditional life (issue #2): chains the opponent cannot capture even if their
// owner always passes, and the regions they enclose where the opponent can never live
// (Benson 1976; pass-alive territory is a region bordered only by pass-alive
// chains with at most one point not next to them).
// Diagrams: X / O pass-alive, x / o not, b / w pass-alive territory.
#include "go/benson.h"

#include <gtest/gtest.h>

#include "diagram.h"

namespace tengen::go::test {
namespace {

std::string benson(std::string_view diagram) {
  const Board board = parseBoard(diagram);
  return renderPassAlive(board, passAlive(board));
}

TEST(Benson, EmptyBoardHasNothing) {
  const Board board(9);
  const PassAlive alive = passAlive(board);
  EXPECT_TRUE(alive.stones[0].empty() && alive.stones[1].empty());
  EXPECT_TRUE(alive.territory[0].empty() && alive.territory[1].empty());
}

TEST(Benson, ChainWithTwoRealEyesIsPassAlive) {
  EXPECT_EQ(benson(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X X X .
 2 . X . X .
 1 X X X X .
)"),
            R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X X X .
 2 b X b X .
 1 X X X X .
)");
}

// Neither chain has two eyes of its own, but together they share two: each eye is a
// liberty of both, so White can fill neither and both chains live.
TEST(Benson, ChainsSharingTwoEyesArePassAlive) {
  EXPECT_EQ(benson(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X . . .
 2 X . X . .
 1 . X X . .
)"),
            R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X . . .
 2 X b X . .
 1 b X X . .
)");
}

// C1 is a false eye: D1 is in atari and, once White takes it, C1 is no eye. With only
// A1 left, nothing here is unconditionally alive.
TEST(Benson, FalseEyeIsNotAnEye) {
  EXPECT_EQ(benson(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X X O .
 2 X X X O .
 1 . X . X O
)"),
            R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 x x x o .
 2 x x x o .
 1 . x . x o
)");
}

// One eye of three points is one region: White can fill it from outside in.
TEST(Benson, OneBigEyeIsNotPassAlive) {
  EXPECT_EQ(benson(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X X X .
 2 . . . X .
 1 X X X X .
)"),
            R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 x x x x .
 2 . . . x .
 1 x x x x .
)");
}

// The seki of scoring_test: the inner groups live only as long as neither side fills D7,
// so they are not pass-alive; the outer groups, with several one-point eyes, are.
TEST(Benson, SekiIsNotPassAlive) {
  EXPECT_EQ(benson(R"(
   A B C D E F G
 7 . X X . O O .
 6 X X X X O O O
 5 O O O O X X X
 4 . O . O X . X
 3 O O O O X X X
 2 O . O O X . X
 1 . O O O X X .
)"),
            R"(
   A B C D E F G
 7 . x x . o o .
 6 x x x x o o o
 5 O O O O X X X
 4 w O w O X b X
 3 O O O O X X X
 2 O w O O X b X
 1 w O O O X X b
)");
}

// A White stone inside pass-alive territory: the region A3-A1 is bordered only by the
// pass-alive chain and every point of it touches that chain, so White cannot live there
// and the region (White's A2 included) is Black's.
TEST(Benson, TerritoryMayHoldOpponentStones) {
  const std::string_view diagram = R"(
   A B C D E
 5 . . . . .
 4 X X X X .
 3 . X . X .
 2 O X X X .
 1 . X . . .
)";
  EXPECT_EQ(benson(diagram), R"(
   A B C D E
 5 . . . . .
 4 X X X X .
 3 b X b X .
 2 o X X X .
 1 b X . . .
)");
  const Board board = parseBoard(diagram);
  EXPECT_TRUE(passAlive(board).territory[0].contains(vertex(board.geometry(), "A2")));
}

// A large enclosed area is not pass-alive territory: more than one of its points is away
// from the wall, so White might live inside.
TEST(Benson, LargeAreaIsNotPassAliveTerritory) {
  EXPECT_EQ(benson(R"(
   A B C D E F G
 7 . . . X . X .
 6 . . . X X X X
 5 . . . X . X .
 4 X X X X X X X
 3 . . . . . . .
 2 . . . . . . .
 1 . . . . . . .
)"),
            R"(
   A B C D E F G
 7 . . . X b X b
 6 . . . X X X X
 5 . . . X b X b
 4 X X X X X X X
 3 . . . . . . .
 2 . . . . . . .
 1 . . . . . . .
)");
}

}  // namespace
}  // namespace tengen::go::test
