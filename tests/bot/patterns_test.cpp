// The 3x3 MoGo pattern table (src/bot/patterns.h): shapes from Gelly et al. 2006, figure 2.
#include "bot/patterns.h"

#include <vector>

#include <gtest/gtest.h>

#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::test::parseBoard;
using go::test::vertex;

bool matches(const Board& board, const char* point, Color mover) {
  return PatternTable::mogo().matches(board, vertex(board.geometry(), point), mover);
}

TEST(Patterns, EnclosingHaneForEitherColour) {
  // Centre D4: X O X above it, empty below.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . X O X . .
   4 . . . . . . .
   3 . . . . . . .
   2 . . . . . . .
   1 . . . . . . .
  )");
  EXPECT_TRUE(matches(board, "D4", Color::Black));
  EXPECT_TRUE(matches(board, "D4", Color::White));
}

TEST(Patterns, HaneMatchesInEveryRotation) {
  // The non-cutting hane "XO. / ... / ?.?" turned a quarter: centre C4, X at B5, O at B4.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . X . . . . .
   4 . O . . . . .
   3 . . . . . . .
   2 . . . . . . .
   1 . . . . . . .
  )");
  EXPECT_TRUE(matches(board, "C4", Color::Black));
  // Nothing near: no pattern.
  EXPECT_FALSE(matches(board, "F2", Color::Black));
}

TEST(Patterns, ThinHaneOnlyForTheHaningSide) {
  // "XOO / ... / ?.?" with X to move: Black may hane at D4 under White's D5-E5.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . X O O . .
   4 . . . . . . .
   3 . . . . . . .
   2 . . . . . . .
   1 . . . . . . .
  )");
  EXPECT_TRUE(matches(board, "D4", Color::Black));
  EXPECT_FALSE(matches(board, "D4", Color::White));
}

TEST(Patterns, UnprotectedCut) {
  // "XO? / O.o / ?o?": D4 cuts Black's... the diagonal pair C5-D5 / C4.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . X O . . .
   4 . . O . . . .
   3 . . . . . . .
   2 . . . . . . .
   1 . . . . . . .
  )");
  EXPECT_TRUE(matches(board, "D4", Color::Black));
  EXPECT_TRUE(matches(board, "D4", Color::White));
}

TEST(Patterns, EdgeBlockSideCut) {
  // "OX? / X.O / ###": on the first line at D1.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . . . . . .
   4 . . . . . . .
   3 . . . . . . .
   2 . . O X . . .
   1 . . X . O . .
  )");
  EXPECT_TRUE(matches(board, "D1", Color::Black));
}

TEST(Patterns, EmptyNeighbourhoodNeverMatches) {
  const Board board(9);
  EXPECT_FALSE(matches(board, "E5", Color::Black));
  EXPECT_FALSE(matches(board, "A1", Color::White));
  EXPECT_FALSE(PatternTable::mogo().matchesCode(0));
}

TEST(Patterns, TwoSidedPatternsMatchAfterSwappingColours) {
  // Patterns hold for either colour (all but the thin hane): a code matches iff the code with
  // own and opponent swapped matches.
  std::vector<Pattern3> twoSided;
  for (const Pattern3& p : mogoPatterns()) {
    if (!p.moverIsX) twoSided.push_back(p);
  }
  const PatternTable table(twoSided);
  EXPECT_GT(table.size(), 100);
  for (unsigned code = 0; code < 65536; ++code) {
    unsigned swapped = 0;
    for (int i = 0; i < 8; ++i) {
      unsigned v = (code >> (2 * i)) & 3;
      if (v == 1 || v == 2) v ^= 3;
      swapped |= v << (2 * i);
    }
    ASSERT_EQ(table.matchesCode(static_cast<std::uint16_t>(code)),
              table.matchesCode(static_cast<std::uint16_t>(swapped)))
        << code;
  }
}

}  // namespace
}  // namespace tengen::bot
