// The playouts' self-atari redirect (PlayoutOptions::selfAtariRedirectRate,
// src/bot/playout_policy.h selfAtariCousin): a bad self-atari next to an opponent chain of two
// liberties becomes the atari from that chain's other side.
#include <gtest/gtest.h>

#include "bot/playout_policy.h"
#include "bot/tactics.h"
#include "bot/test_positions.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::test::parseBoard;

using test::at;

// Black B1 joins A1 into two stones with one liberty (C1): a bad self-atari. White's three
// stones have two liberties, B1 and C1; Black C1 ataris them with two liberties of its own.
TEST(SelfAtariRedirect, TheCousinIsTheOtherLibertyOfTheChainAttacked) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 X X X . .
   2 O O O X .
   1 X . . . .
  )");
  ASSERT_TRUE(isBadSelfAtari(board, at(board, "B1"), Color::Black));
  go::Random rng(1);
  EXPECT_EQ(selfAtariCousin(board, at(board, "B1"), Color::Black, rng, false, 1, 0),
            at(board, "C1"));
}

// White B1 would leave A1 and B1 with one liberty (C1), a bad self-atari, but the Black chain
// it touches has four liberties: nothing to redirect to.
TEST(SelfAtariRedirect, NoCousinWithoutAnOpponentChainOfTwoLiberties) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 . . . . .
   2 X X . . .
   1 O . . . .
  )");
  ASSERT_TRUE(isBadSelfAtari(board, at(board, "B1"), Color::White));
  go::Random rng(1);
  EXPECT_EQ(selfAtariCousin(board, at(board, "B1"), Color::White, rng, false, 1, 0), go::kPass);
}

}  // namespace
}  // namespace tengen::bot
