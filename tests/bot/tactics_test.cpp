// Local tactics of the playout policy and the priors (src/bot/tactics.h), on diagrams.
#include "bot/tactics.h"

#include <algorithm>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bot/test_positions.h"
#include "go/diagram.h"
#include "go/playout.h"
#include "go/random.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::Point;
using go::test::parseBoard;

using test::at;

std::vector<std::string> escapesOf(const Board& board, const char* stone, int ladderBudget) {
  Point moves[16];
  const int n = atariEscapes(board, at(board, stone), moves, 16, ladderBudget);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(board.geometry().toGtp(moves[i]));
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

TEST(ChainLiberties, CountsDistinctLibertiesUpToTheCap) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 . X X . .
   2 . . O . .
   1 . . . . .
  )");
  Point libs[8];
  // B3-C3 touch A3 B4 C4 D3 B2: five, C2 is White's.
  EXPECT_EQ(chainLiberties(board, at(board, "B3"), 8, libs), 5);
  EXPECT_EQ(chainLiberties(board, at(board, "C3"), 2, libs), 2);
  EXPECT_EQ(chainLiberties(board, at(board, "C2"), 8, libs), 3);
}

TEST(MoveEffect, ExtensionMergesChainsAndCountsTheirLiberties) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . O . .
   3 . O X . .
   2 . . O . .
   1 . . . . .
  )");
  // Black C3 has one liberty (D3); D3 joins it to a chain with D4, E3, D2.
  const MoveEffect effect = moveEffect(board, at(board, "D3"), Color::Black, 8);
  EXPECT_EQ(effect.liberties, 3);
  EXPECT_EQ(effect.stones, 2);
  EXPECT_FALSE(effect.captures);
}

TEST(SelfAtari, TwoStonesLeftWithOneLibertyIsBad) {
  const Board board = parseBoard(test::kTwoStoneSelfAtari);
  // B2 and A1 each join A2 into a two-stone chain with one liberty and capture nothing.
  EXPECT_TRUE(isSelfAtari(board, at(board, "B2"), Color::Black));
  EXPECT_TRUE(isBadSelfAtari(board, at(board, "B2"), Color::Black));
  EXPECT_TRUE(isBadSelfAtari(board, at(board, "A1"), Color::Black));
  EXPECT_FALSE(isSelfAtari(board, at(board, "D4"), Color::Black));
}

TEST(SelfAtari, ThrowInAgainstTwoLibertiesIsUseful) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 X X X . .
   2 O O X . .
   1 . . X . .
  )");
  // A1 is a single stone in atari, but White's A2-B2 drops to one liberty: it must capture.
  EXPECT_TRUE(isSelfAtari(board, at(board, "A1"), Color::Black));
  EXPECT_FALSE(isBadSelfAtari(board, at(board, "A1"), Color::Black));
  // B1 joins the big black chain.
  EXPECT_FALSE(isSelfAtari(board, at(board, "B1"), Color::Black));
}

// The bottom of a 9x9 match game (tools/strength, seeds 53, game 29) with A2 filled: White's
// group has no eye and two liberties, G2 and J1, both shared with Black's G1 H1 inside.
// Black J1 (or G2) makes three stones in atari; White must take them and is left with one
// eye of three points. A nakade, bad only when single stones alone may be thrown in.
constexpr std::string_view kNakadeOfThree = R"(
   A B C D E F G H J
 9 . . . O . . O O X
 8 O O . . O O O X X
 7 X O O O X O O X .
 6 X X O X X X X X .
 5 X . X . X O O X .
 4 . X X X O O X X X
 3 X X . . X O O O X
 2 X X X X O O . O O
 1 O O O O O O X X .
)";

TEST(SelfAtari, NakadeOfUpToThreeStonesIsUsefulWhenAsked) {
  const Board board = parseBoard(kNakadeOfThree);
  for (const char* v : {"J1", "G2"}) {
    EXPECT_TRUE(isSelfAtari(board, at(board, v), Color::Black)) << v;
    EXPECT_TRUE(isBadSelfAtari(board, at(board, v), Color::Black)) << v;
    EXPECT_TRUE(isBadSelfAtari(board, at(board, v), Color::Black, 2)) << v;
    EXPECT_FALSE(isBadSelfAtari(board, at(board, v), Color::Black, 3)) << v;
  }
  // With A2 open White has three liberties: no race to win by a nakade.
  Board open = board;
  open.removeStone(at(board, "A2"));
  EXPECT_TRUE(isBadSelfAtari(open, at(open, "J1"), Color::Black, 3));
}

TEST(SelfAtari, NakadeInsideAnEnclosedEyeSpaceIsUsefulWhenAsked) {
  const Board board = parseBoard(test::kBentThreeNakade);
  for (const char* v : {"A2", "B1"}) {
    EXPECT_TRUE(isSelfAtari(board, at(board, v), Color::White)) << v;
    EXPECT_TRUE(isEnclosedNakade(board, at(board, v), Color::White, 2)) << v;
    EXPECT_FALSE(isEnclosedNakade(board, at(board, v), Color::White, 1)) << v;  // two stones
    EXPECT_TRUE(isBadSelfAtari(board, at(board, v), Color::White)) << v;
    EXPECT_TRUE(isBadSelfAtari(board, at(board, v), Color::White, 3)) << v;
    EXPECT_FALSE(isBadSelfAtari(board, at(board, v), Color::White, 1, 3)) << v;
    EXPECT_TRUE(isBadSelfAtari(board, at(board, v), Color::White, 1, 1)) << v;
  }
  // Outside the eye space, or on a point with two liberties, it is no enclosed nakade.
  EXPECT_FALSE(isEnclosedNakade(board, at(board, "D2"), Color::White, 3));
  EXPECT_FALSE(isEnclosedNakade(board, at(board, "E5"), Color::White, 3));
  // In the four-point space A2 A1 B1 C1, White A2 makes three stones in atari (liberty C1).
  const Board three = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 O O O O .
   3 X X X O .
   2 . X X X .
   1 O O . X O
  )");
  EXPECT_TRUE(isEnclosedNakade(three, at(three, "A2"), Color::White, 3));
  EXPECT_FALSE(isEnclosedNakade(three, at(three, "A2"), Color::White, 2));
  // Black's own moves inside are self-ataris too, but White encloses nothing there.
  EXPECT_FALSE(isEnclosedNakade(board, at(board, "A2"), Color::Black, 3));
  // With C1 gone the space is open to D1's side: B1's neighbour C1 is empty.
  Board open = board;
  open.removeStone(at(board, "C1"));
  EXPECT_FALSE(isEnclosedNakade(open, at(open, "A2"), Color::White, 3));
  // Without A1 White's A2 is a single stone with two liberties: no self-atari.
  Board empty = board;
  empty.removeStone(at(board, "A1"));
  EXPECT_FALSE(isEnclosedNakade(empty, at(empty, "A2"), Color::White, 3));
  // A stone of White's own that is not part of the chain touches the liberty: not enclosed.
  const Board touching = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 O O O O .
   3 X X X O .
   2 . X . . .
   1 O . O O .
  )");
  EXPECT_FALSE(isEnclosedNakade(touching, at(touching, "A2"), Color::White, 3));
}

// Four stones leave a space of four points: one eye if it is a square or a T, maybe two if
// it is straight, bent or zigzag. White plays inside Black's enclosed space each time.
TEST(SelfAtari, FourStonesAreANakadeOnlyAsASquareOrAT) {
  // White B2 makes the square A1 B1 A2 B2 with the one liberty C1.
  const Board square = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 X X X . .
   2 O . X X .
   1 O O . X .
  )");
  EXPECT_TRUE(isEnclosedNakade(square, at(square, "B2"), Color::White, 4));
  EXPECT_FALSE(isEnclosedNakade(square, at(square, "B2"), Color::White, 3));
  EXPECT_FALSE(isBadSelfAtari(square, at(square, "B2"), Color::White, 1, 4));
  // White B2 makes the T A1 B1 C1 B2 (B1 its middle) with the one liberty D1.
  const Board tee = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 X X X X X
   2 X . X X X
   1 O O O . X
  )");
  EXPECT_TRUE(isEnclosedNakade(tee, at(tee, "B2"), Color::White, 4));
  EXPECT_FALSE(isEnclosedNakade(tee, at(tee, "B2"), Color::White, 3));
  // White A2 makes the bent four A2 A1 B1 C1 with the one liberty D1: Black could make two
  // eyes of that space, so it is no nakade.
  const Board bent = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 X X X X X
   2 . X X X X
   1 O O O . X
  )");
  EXPECT_TRUE(isSelfAtari(bent, at(bent, "A2"), Color::White));
  EXPECT_FALSE(isEnclosedNakade(bent, at(bent, "A2"), Color::White, 4));
  EXPECT_TRUE(isBadSelfAtari(bent, at(bent, "A2"), Color::White, 1, 4));
}

TEST(SelfAtari, CaptureIsNeverSelfAtari) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 . . . . .
   2 O X . . .
   1 . O X . .
  )");
  // Black A1 has no liberty of its own but captures White B1.
  EXPECT_FALSE(isSelfAtari(board, at(board, "A1"), Color::Black));
  EXPECT_EQ(captureSize(board, at(board, "A1"), Color::Black), 1);
  EXPECT_EQ(captureSize(board, at(board, "D4"), Color::Black), 0);
}

TEST(Ladder, ChaseToTheEdgeCaptures) {
  const Board board = parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . . . . . . . .
   6 . . . . . . . . .
   5 . . . . . . . . .
   4 . . . . . . . . .
   3 . . X X . . . . .
   2 . X O O . . . . .
   1 . . X . . . . . .
  )");
  // White C2-D2 has two liberties (E2, D1); Black E2, White D1 and it has one left.
  EXPECT_TRUE(isLadder(board, at(board, "C2")));
}

TEST(Ladder, DiagonalLadderAcrossTheBoardCaptures) {
  const Board board = parseBoard(test::kDiagonalLadder);
  EXPECT_TRUE(isLadder(board, at(board, "C3"), 200));
}

TEST(Ladder, BreakerStoneSavesTheRunner) {
  const Board board = parseBoard(test::kBrokenDiagonalLadder);
  EXPECT_FALSE(isLadder(board, at(board, "C3"), 200));
}

TEST(Ladder, ThreeLibertiesIsNoLadder) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 . . O . .
   2 . . X . .
   1 . . . . .
  )");
  EXPECT_FALSE(isLadder(board, at(board, "C3")));
}

// The ladder reading as first written: every atari on a fresh copy of the board, depth
// first, one unit of budget per legal atari. isLadder plays on one scratch board instead and
// must give the same answers, budget cut-offs included.
bool plainLadderReading(const Board& board, Point stone, int& budget) {
  const Color defender = board.at(stone);
  const Color attacker = go::opponent(defender);
  const int count = board.liberties(stone).count();
  if (count >= 3) return false;
  if (count <= 1) return true;
  // The two liberties in the order the reader tries them, which decides where a budget
  // runs out (board_test checks fewLiberties against the liberty sets).
  Point pair[2];
  board.fewLiberties(stone, pair);
  for (int i = 0; i < 2; ++i) {
    if (!board.isLegal(pair[i], attacker, false)) continue;
    if (--budget < 0) return false;
    Board next = board;
    next.play(pair[i], attacker);
    bool attackerInAtari = false;
    next.chainStones(stone).forEach([&](Point s) {
      for (const int d : next.neighbourOffsets()) {
        const Point q = static_cast<Point>(s + d);
        attackerInAtari |= next.at(q) == attacker && next.liberties(q).count() == 1;
      }
    });
    if (attackerInAtari) continue;
    if (!next.isLegal(pair[1 - i], defender, false)) return true;
    next.play(pair[1 - i], defender);
    const int after = next.liberties(stone).count();
    if (after <= 1) return true;
    if (after >= 3) continue;
    if (plainLadderReading(next, stone, budget)) return true;
    if (budget < 0) return false;
  }
  return false;
}

TEST(Ladder, ReadsAsThePlainReadingInRandomGames) {
  go::Random rng(7);
  int answers[2] = {};
  for (int size : {5, 9, 19}) {
    test::visitTwoLibertyStones(
        size, size == 19 ? 4 : 16, rng, [&](const Board& board, Point stone) {
          for (const int budget : {1, 4, 40}) {
            int plainBudget = budget;
            const bool expected = plainLadderReading(board, stone, plainBudget);
            ASSERT_EQ(isLadder(board, stone, budget), expected)
                << board.geometry().toGtp(stone) << " budget " << budget << go::test::render(board);
            ++answers[expected];
          }
        });
  }
  // Both answers occur, so neither is all the reader ever says.
  EXPECT_GT(answers[0], 1000);
  EXPECT_GT(answers[1], 1000);
}

TEST(AtariEscapes, ExtensionThatGainsLiberties) {
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . . . . . .
   4 . . . O . . .
   3 . . O X . . .
   2 . . . O . . .
   1 . . . . . . .
  )");
  EXPECT_EQ(escapesOf(board, "D3", 40), std::vector<std::string>{"E3"});
}

TEST(AtariEscapes, CaptureANeighbourInAtari) {
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 O O X . .
   2 X X O . .
   1 . O X . .
  )");
  // Black A2-B2 has one liberty, A1. Capturing White C2 (at D2) or White B1 (at A1) saves
  // it; A1 is also its own extension.
  EXPECT_EQ(escapesOf(board, "A2", 40), (std::vector<std::string>{"A1", "D2"}));
}

TEST(AtariEscapes, NoEscapeIntoALadder) {
  const Board board = parseBoard(bot::test::kEdgeLadder);
  // White C2's extension to D2 leaves two liberties and the ladder runs into the edge.
  EXPECT_TRUE(escapesOf(board, "C2", 40).empty());
  // Without reading the ladder, the extension looks like an escape.
  EXPECT_EQ(escapesOf(board, "C2", 0), std::vector<std::string>{"D2"});
}

TEST(AtariEscapes, LadderBreakerMakesTheExtensionSafe) {
  const Board board = parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . . . . . . . .
   6 . . . . . . . . .
   5 . . . . . . . . .
   4 . . . . . . . . .
   3 . . X X . . . . .
   2 . X O . O . . . .
   1 . . X . . . . . .
  )");
  EXPECT_EQ(escapesOf(board, "C2", 40), std::vector<std::string>{"D2"});
}

std::vector<std::string> twoLibertyMovesOf(const Board& board, Color c, const char* last) {
  Point moves[8];
  const int n = twoLibertyMoves(board, c, at(board, last), moves, 8);
  std::vector<std::string> out;
  for (int i = 0; i < n; ++i) out.push_back(board.geometry().toGtp(moves[i]));
  std::sort(out.begin(), out.end());
  return out;
}

TEST(TwoLibertyMoves, ChainLeftWithTwoLibertiesExtends) {
  // White's D4 left Black D3 two liberties; either extension gives it three or more.
  const Board board = parseBoard(bot::test::kTwoLibertiesLeft);
  EXPECT_EQ(twoLibertyMovesOf(board, Color::Black, "D4"), (std::vector<std::string>{"D2", "E3"}));
}

TEST(TwoLibertyMoves, ChainLeftWithTwoLibertiesCapturesItsNeighbour) {
  // White's B3 left Black B2-C2 two liberties, B1 and C1; neither extension gives a third,
  // but White A2 next to the chain is in atari: capturing it at A3 is the answer.
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 X . . . .
   3 . O O . .
   2 O X X O .
   1 X . . . .
  )");
  EXPECT_EQ(twoLibertyMovesOf(board, Color::Black, "B3"), std::vector<std::string>{"A3"});
}

TEST(TwoLibertyMoves, StoneOnTheFirstLineThatCannotRunIsAttacked) {
  // White's C1 has two liberties; after an atari from either side, its extension on the
  // first line has only two.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . . . . . .
   4 . . . . . . .
   3 . . . . . . .
   2 . . X . . . .
   1 . . O . . . .
  )");
  EXPECT_EQ(twoLibertyMovesOf(board, Color::Black, "C1"), (std::vector<std::string>{"B1", "D1"}));
}

TEST(TwoLibertyMoves, StoneThatRunsOutIsNotChased) {
  // White's D4 has two liberties, but extending after either atari gives it three.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . . X . . .
   4 . . X O . . .
   3 . . . . . . .
   2 . . . . . . .
   1 . . . . . . .
  )");
  EXPECT_TRUE(twoLibertyMovesOf(board, Color::Black, "D4").empty());
}

}  // namespace
}  // namespace tengen::bot
