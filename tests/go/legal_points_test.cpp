// The legal-point bitmap for the side to move (issue #2: "one bitmap, fast enough to send
// with every move"), drawn with `*` on every empty point where that side may not play:
// suicide, the simple-ko point, and superko per the rules.
#include <gtest/gtest.h>

#include "diagram.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

TEST(LegalPoints, EveryEmptyPointOnAnEmptyBoard) {
  const Game game(3, rulesFor("chinese"));
  EXPECT_EQ(renderLegal(game), R"(
   A B C
 3 . . .
 2 . . .
 1 . . .
)");
  EXPECT_EQ(game.legalPoints(Color::Black).count(), 9);
}

TEST(LegalPoints, SingleStoneSuicideIsIllegalUnderEveryRuleset) {
  const char* diagram = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 O . . . .
 1 . O . . .
)";
  const char* expected = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 O . . . .
 1 * O . . .
)";
  EXPECT_EQ(renderLegal(parseGame(diagram, "tromp-taylor")), expected);
  EXPECT_EQ(renderLegal(parseGame(diagram, "japanese")), expected);
  // For White, A1 is an ordinary point.
  EXPECT_EQ(renderLegal(parseGame(diagram, "japanese", Color::White)), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 O . . . .
 1 . O . . .
)");
}

TEST(LegalPoints, MultiStoneSuicideDependsOnTheRules) {
  const char* diagram = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O . . . .
 2 . O . . .
 1 X O . . .
)";
  EXPECT_EQ(renderLegal(parseGame(diagram, "new-zealand")), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O . . . .
 2 . O . . .
 1 X O . . .
)");
  EXPECT_EQ(renderLegal(parseGame(diagram, "chinese")), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O . . . .
 2 * O . . .
 1 X O . . .
)");
}

// After Black takes the ko at C3, White may not retake at B3 at once.
TEST(LegalPoints, TheKoPointIsMarkedForTheSideToMove) {
  Game game = parseGame(R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 X O . O .
 2 . X O . .
 1 . . . . .
)",
                        "japanese");
  ASSERT_EQ(playMoves(game, "B C3"), "");
  EXPECT_EQ(renderLegal(game), R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 X * X O .
 2 . X O . .
 1 . . . . .
)");
}

// Triple ko after five of the six captures: White's H1 would bring back the first
// position. Forbidden under positional superko, allowed under simple ko; F1 is the
// simple-ko point under both (kTripleKo, positions.h).
TEST(LegalPoints, SuperkoPointIsMarked) {
  Game chinese = parseGame(kTripleKo, "chinese");
  ASSERT_EQ(playMoves(chinese, "B C1 W F1 B J1 W B1 B E1"), "");
  // F1 is the simple-ko point (Black's E1 just took F1); H1 would repeat the first board.
  // C1 is White's own point and fine to fill.
  EXPECT_EQ(renderLegal(chinese), R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . . . . . . .
 3 . . . . . . . . .
 2 X X O O O X X X O
 1 X O . O X * X * X
)");
  Game japanese = parseGame(kTripleKo, "japanese");
  ASSERT_EQ(playMoves(japanese, "B C1 W F1 B J1 W B1 B E1"), "");
  EXPECT_EQ(renderLegal(japanese), R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . . . . . . .
 3 . . . . . . . . .
 2 X X O O O X X X O
 1 X O . O X * X . X
)");
}

// Sending two, returning one: after W A1 B C1, White's B1 repeats the first board, with
// the other side to move. Positional superko marks it; situational does not.
TEST(LegalPoints, PositionalAndSituationalMapsDiffer) {
  const char* diagram = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 X X O . .
 1 . O . O .
)";
  Game chinese = parseGame(diagram, "chinese", Color::White);
  ASSERT_EQ(playMoves(chinese, "W A1 B C1"), "");
  EXPECT_EQ(renderLegal(chinese), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 X X O . .
 1 . * X O .
)");
  Game aga = parseGame(diagram, "aga", Color::White);
  ASSERT_EQ(playMoves(aga, "W A1 B C1"), "");
  EXPECT_EQ(renderLegal(aga), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 X X O . .
 1 . . X O .
)");
}

}  // namespace
}  // namespace tengen::go::test
