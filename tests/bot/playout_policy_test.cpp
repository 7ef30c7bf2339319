// The heavy playout policy (src/bot/playout_policy.h): local answers to the last move on
// diagrams, and legality over many random playouts.
#include "bot/playout_policy.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "bot/tactics.h"
#include "bot/test_positions.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::Point;
using go::test::parseBoard;

using test::at;

// Every move choose() gives in `trials` tries (each on a fresh copy), as GTP text.
std::set<std::string> choices(const PlayoutPolicy& policy, const Board& board, Color c,
                              const char* last, int trials = 200) {
  std::set<std::string> out;
  go::Random rng(11);
  for (int i = 0; i < trials; ++i) {
    Board copy = board;
    const Point p = policy.choose(copy, c, at(board, last), go::kPass, rng, false);
    out.insert(p == go::kPass ? "pass" : board.geometry().toGtp(p));
  }
  return out;
}

TEST(PlayoutPolicy, CapturesTheLastMoveWhenItIsInAtari) {
  // White's last move B2 stands in atari; Black takes it at C2.
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 . X . . .
   2 X O . . .
   1 . X . . .
  )");
  EXPECT_EQ(choices(PlayoutPolicy(), board, Color::Black, "B2"), std::set<std::string>{"C2"});
}

TEST(PlayoutPolicy, SavesOwnChainByExtension) {
  // White's D2 put Black D3 in atari; extending to E3 gives three liberties.
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
  EXPECT_EQ(choices(PlayoutPolicy(), board, Color::Black, "D2"), std::set<std::string>{"E3"});
}

TEST(PlayoutPolicy, SavesOwnChainByCapturing) {
  // White's B1 put Black A2-B2 in atari; capturing B1 (A1) or C2 (D2) saves it. It also
  // put Black C1 in atari, which extends to D1 (two liberties, no ladder).
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 O O X . .
   2 X X O . .
   1 . O X . .
  )");
  EXPECT_EQ(choices(PlayoutPolicy(), board, Color::Black, "B1"),
            (std::set<std::string>{"A1", "D1", "D2"}));
}

TEST(PlayoutPolicy, DoesNotRunIntoALadder) {
  // Black's C1 put White C2 in atari; D2 would be a ladder that ends on the edge, so the
  // policy answers C1 elsewhere (the patterns B1 and D1), never with D2.
  const Board board = parseBoard(bot::test::kEdgeLadder);
  const std::set<std::string> moves = choices(PlayoutPolicy(), board, Color::White, "C1", 400);
  EXPECT_FALSE(moves.contains("D2"));
  EXPECT_FALSE(moves.empty());
  // With the ladder reader off, the extension is the forced answer.
  PlayoutOptions noLadders;
  noLadders.ladderBudget = 0;
  EXPECT_EQ(choices(PlayoutPolicy(noLadders), board, Color::White, "C1"),
            std::set<std::string>{"D2"});
}

TEST(PlayoutPolicy, ExtendsAChainLeftWithTwoLibertiesWhenTheRuleIsOn) {
  // White's D4 left Black D3 two liberties: with the two-liberty rule on, the policy extends
  // it to three or more (D2 or E3) before any pattern; by default (off) other answers appear.
  const Board board = parseBoard(bot::test::kTwoLibertiesLeft);
  PlayoutOptions twoLiberties;
  twoLiberties.twoLibertyRate = 256;
  EXPECT_EQ(choices(PlayoutPolicy(twoLiberties), board, Color::Black, "D4"),
            (std::set<std::string>{"D2", "E3"}));
  EXPECT_NE(choices(PlayoutPolicy(), board, Color::Black, "D4"),
            (std::set<std::string>{"D2", "E3"}));
}

TEST(PlayoutPolicy, AnswersWithAHanePattern) {
  // White's last move D5 touches Black C5; the hane D4 and the enclosing shapes match. The
  // policy picks among the pattern moves next to D5 only.
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
  const std::set<std::string> moves = choices(PlayoutPolicy(), board, Color::Black, "D5");
  EXPECT_TRUE(moves.contains("D4"));
  for (const std::string& m : moves) {
    const Point p = at(board, m.c_str());
    const Point d5 = at(board, "D5");
    const int dx = std::abs(board.geometry().col(p) - board.geometry().col(d5));
    const int dy = std::abs(board.geometry().row(p) - board.geometry().row(d5));
    EXPECT_LE(std::max(dx, dy), 1) << m;
  }
}

TEST(PlayoutPolicy, RandomPhaseAvoidsTwoStoneSelfAtari) {
  // Black B2 or A1 would leave A2 and the new stone one liberty: never chosen at random.
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . . . . .
   3 O O . . .
   2 X . O . .
   1 . O . . .
  )");
  const PlayoutPolicy policy;
  go::Random rng(3);
  std::map<std::string, int> counts;
  for (int i = 0; i < 4000; ++i) {
    Board copy = board;
    const Point p = policy.randomMove(copy, Color::Black, rng, false);
    ++counts[p == go::kPass ? "pass" : board.geometry().toGtp(p)];
  }
  EXPECT_FALSE(counts.contains("B2"));
  EXPECT_FALSE(counts.contains("A1"));
  // Nor C1, a single stone in atari next to White B1, which has three liberties (a useless
  // throw-in). Every other empty point is reachable, about equally often: 25 - 5 - 3 = 17.
  EXPECT_FALSE(counts.contains("C1"));
  EXPECT_EQ(counts.size(), 17u);
  for (const auto& [move, n] : counts) {
    EXPECT_GT(n, 4000 / 17 / 2) << move;
    EXPECT_LT(n, 4000 / 17 * 2) << move;
  }
}

TEST(PlayoutPolicy, RandomPhaseReachesEveryPointOfAnEmptyBoard) {
  const Board empty(9);
  const PlayoutPolicy policy;
  go::Random rng(5);
  std::map<Point, int> counts;
  for (int i = 0; i < 16200; ++i) {
    Board copy = empty;
    ++counts[policy.randomMove(copy, Color::Black, rng, false)];
  }
  ASSERT_EQ(counts.size(), 81u);
  for (const auto& [p, n] : counts) {
    EXPECT_GT(n, 100) << empty.geometry().toGtp(p);
    EXPECT_LT(n, 300) << empty.geometry().toGtp(p);
  }
}

TEST(PlayoutPolicy, NeverFillsOwnEyeAndPassesWhenOnlyEyesRemain) {
  // Black's only empty points are its own eyes A5, C5, E5, and White's eyes are suicide for
  // Black, so Black passes.
  const Board board = parseBoard(R"(
     A B C D E
   5 . X . X .
   4 X X X X X
   3 O O O O O
   2 O O O O O
   1 . O . O .
  )");
  const PlayoutPolicy policy;
  go::Random rng(1);
  Board copy = board;
  EXPECT_EQ(policy.choose(copy, Color::Black, go::kPass, go::kPass, rng, false), go::kPass);
}

// Many playouts on several sizes and both suicide settings: every stone played is legal on
// the board, never an own eye, and every playout ends within its move limit.
void checkPlayouts(int size, bool allowSuicide, int games) {
  const PlayoutPolicy policy;
  go::Random rng(static_cast<std::uint64_t>(size * 2 + allowSuicide));
  for (int game = 0; game < games; ++game) {
    Board board(size);
    Color toMove = Color::Black;
    Point last = go::kNoPoint;
    Point last2 = go::kNoPoint;
    const int maxMoves = 3 * size * size;
    int moves = 0;
    int passes = 0;
    while (passes < 2 && moves < maxMoves) {
      const Point p = policy.choose(board, toMove, last, last2, rng, allowSuicide);
      if (p == go::kPass) {
        board.pass();
        ++passes;
      } else {
        ASSERT_EQ(board.check(p, toMove, allowSuicide), go::MoveVerdict::Legal)
            << board.geometry().toGtp(p) << " size " << size << " game " << game;
        ASSERT_FALSE(board.isEyeLike(p, toMove)) << board.geometry().toGtp(p);
        board.play(p, toMove);
        passes = 0;
      }
      last2 = last;
      last = p;
      toMove = go::opponent(toMove);
      ++moves;
    }
    ASSERT_TRUE(board.checkInvariants());
    // runPlayout plays the same kind of game and reports each stone.
    Board again(size);
    int stones = 0;
    const int played = runPlayout(policy, again, Color::Black, go::kNoPoint, go::kNoPoint, rng,
                                  allowSuicide, maxMoves, [&](Point p, Color) {
                                    ++stones;
                                    EXPECT_TRUE(again.geometry().onBoard(p));
                                  });
    EXPECT_LE(played, maxMoves);
    EXPECT_LE(stones, played);
    if (size >= 5) {
      EXPECT_GT(stones, size * size / 2);
    }
  }
}

TEST(PlayoutPolicy, LegalMovesOn5x5) {
  checkPlayouts(5, false, 300);
  checkPlayouts(5, true, 300);
}
TEST(PlayoutPolicy, LegalMovesOn9x9) {
  checkPlayouts(9, false, 200);
  checkPlayouts(9, true, 200);
}
TEST(PlayoutPolicy, LegalMovesOn19x19) {
  checkPlayouts(19, false, 30);
  checkPlayouts(19, true, 30);
}

TEST(PlayoutPolicy, LegalMovesOnTinyAndLargestBoards) {
  for (const int size : {2, 3, 4}) {
    checkPlayouts(size, false, 100);
    checkPlayouts(size, true, 100);
  }
  checkPlayouts(25, false, 5);
}

TEST(PlayoutPolicy, PlayoutStopsAtTheMoveLimit) {
  const PlayoutPolicy policy;
  go::Random rng(9);
  Board board(9);
  const int played = runPlayout(policy, board, Color::Black, go::kNoPoint, go::kNoPoint, rng, false,
                                10, [](Point, Color) {});
  EXPECT_EQ(played, 10);
}

}  // namespace
}  // namespace tengen::bot
