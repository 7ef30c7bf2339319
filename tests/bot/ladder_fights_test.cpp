// The moves that decide two-liberty chains by ladders (src/bot/ladder_fights.h) and their
// weight in the tree's priors, on diagrams.
#include "bot/ladder_fights.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bot/priors.h"
#include "bot/tactics.h"
#include "bot/test_positions.h"
#include "go/diagram.h"
#include "go/random.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::Point;
using go::test::parseBoard;
using test::at;

// The moves as "E3:2" (point:stones), sorted, for readable failures.
std::vector<std::string> described(const Board& board, const std::vector<LadderFightMove>& moves) {
  std::vector<std::string> out;
  for (const LadderFightMove& m : moves) {
    out.push_back(board.geometry().toGtp(m.point) + ":" + std::to_string(m.stones));
  }
  std::sort(out.begin(), out.end());
  return out;
}

// kDiagonalLadder: Black's E3 captures White C3-D3 in a ladder, D4 lets it out; moving first,
// White saves it either way.
using test::kDiagonalLadder;

TEST(LadderFights, TheAtariThatWorksAgainstAChainItsOwnerCouldSave) {
  const Board board = parseBoard(kDiagonalLadder);
  Point ataris[2];
  ASSERT_EQ(ladderAtaris(board, at(board, "C3"), ataris, 200), 1);
  EXPECT_EQ(ataris[0], at(board, "E3"));
  EXPECT_EQ(described(board, ladderFightMoves(board, Color::Black, 200)),
            (std::vector<std::string>{"E3:2"}));
}

TEST(LadderFights, TheOwnerSavesItsChainWhereNoLadderFollows) {
  const Board board = parseBoard(kDiagonalLadder);
  // D4 gives D5, E4 and E3; E3 gives D4, E4, F3 and E2.
  EXPECT_EQ(described(board, ladderFightMoves(board, Color::White, 200)),
            (std::vector<std::string>{"D4:2", "E3:2"}));
}

TEST(LadderFights, ABrokenLadderIsNoFight) {
  const Board board = parseBoard(test::kBrokenDiagonalLadder);
  EXPECT_TRUE(ladderFightMoves(board, Color::Black, 200).empty());
  EXPECT_TRUE(ladderFightMoves(board, Color::White, 200).empty());
}

TEST(LadderFights, AChainLostWhoeverMovesIsLeftAlone) {
  // White A1 (liberties A2, B1): either extension leaves it one liberty, so Black's atari
  // gains nothing and White has no saving move.
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 X . . . .
   2 . X . . .
   1 O . X . .
  )");
  Point ataris[2];
  EXPECT_GT(ladderAtaris(board, at(board, "A1"), ataris, 40), 0);
  EXPECT_TRUE(ladderFightMoves(board, Color::Black, 40).empty());
  EXPECT_TRUE(ladderFightMoves(board, Color::White, 40).empty());
}

TEST(LadderFights, TheBudgetCutsAReadingShortAsNoLadder) {
  const Board board = parseBoard(kDiagonalLadder);
  Point ataris[2];
  EXPECT_EQ(ladderAtaris(board, at(board, "C3"), ataris, 2), 0);
  EXPECT_TRUE(ladderFightMoves(board, Color::Black, 2).empty());
}

TEST(LadderFights, TheAtarisAreIsLaddersAnswerMoveByMove) {
  // With a budget no reading here exhausts, some atari works exactly when isLadder says the
  // chain is captured, and each atari named is a liberty of the chain.
  go::Random rng(11);
  int answers[2] = {};
  for (int size : {7, 13, 19}) {
    test::visitTwoLibertyStones(size, 4, rng, [&](const Board& board, Point stone) {
      Point ataris[2];
      const int n = ladderAtaris(board, stone, ataris, 10000);
      ASSERT_EQ(n > 0, isLadder(board, stone, 10000)) << board.geometry().toGtp(stone);
      for (int i = 0; i < n; ++i) EXPECT_TRUE(board.liberties(stone).contains(ataris[i]));
      ++answers[n > 0];
    });
  }
  EXPECT_GT(answers[0], 100);
  EXPECT_GT(answers[1], 100);
}

TEST(LadderFights, ThePriorsWeighTheMovesOnlyWhenAskedTo) {
  const Board board = parseBoard(kDiagonalLadder);
  const std::vector<Point> candidates = {at(board, "E3"), at(board, "D4"), at(board, "G7")};
  PriorOptions options;
  options.learned = 30;
  options.ladderBudget = 200;
  std::vector<Prior> without(candidates.size());
  computePriors(board, Color::Black, go::kPass, go::kPass, candidates, without, options);
  options.ladderFights = 40;
  std::vector<Prior> with(candidates.size());
  computePriors(board, Color::Black, go::kPass, go::kPass, candidates, with, options);
  EXPECT_FLOAT_EQ(with[0].visits - without[0].visits, 40);  // the working atari, two stones
  EXPECT_FLOAT_EQ(with[0].wins - without[0].wins, 40);
  EXPECT_FLOAT_EQ(with[1].visits, without[1].visits);  // the atari that lets it out
  EXPECT_FLOAT_EQ(with[2].visits, without[2].visits);
}

TEST(LadderFights, AOneStoneChainWeighsHalf) {
  // White D4 alone, liberties D5 and E4: with Black's E5 either atari starts a ladder to the
  // edge; White, moving first, extends to three liberties.
  const Board board = parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . . . . . . . .
   6 . . . . . . . . .
   5 . . . . X . . . .
   4 . . X O . . . . .
   3 . . . X . . . . .
   2 . . . . . . . . .
   1 . . . . . . . . .
  )");
  const std::vector<LadderFightMove> moves = ladderFightMoves(board, Color::Black, 200);
  EXPECT_EQ(described(board, moves), (std::vector<std::string>{"D5:1", "E4:1"}));
  ASSERT_FALSE(moves.empty());
  const std::vector<Point> candidates = {moves[0].point};
  PriorOptions options;
  options.learned = 30;
  std::vector<Prior> without(1);
  computePriors(board, Color::Black, go::kPass, go::kPass, candidates, without, options);
  options.ladderFights = 40;
  std::vector<Prior> with(1);
  computePriors(board, Color::Black, go::kPass, go::kPass, candidates, with, options);
  EXPECT_FLOAT_EQ(with[0].wins - without[0].wins, 20);
}

}  // namespace
}  // namespace tengen::bot
