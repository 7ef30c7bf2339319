// The heavy playout policy (src/bot/playout_policy.h): local answers to the last move on
// diagrams, and legality over many random playouts.
#include "bot/playout_policy.h"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string>

#include <gtest/gtest.h>

#include "bot/bot.h"
#include "bot/pattern3_gammas.h"
#include "bot/patterns.h"
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

// How often choose() gives each move in `trials` tries (each on a fresh copy).
std::map<std::string, int> counts(const PlayoutPolicy& policy, const Board& board, Color c,
                                  const char* last, int trials = 200) {
  std::map<std::string, int> out;
  go::Random rng(11);
  for (int i = 0; i < trials; ++i) {
    Board copy = board;
    const Point p = policy.choose(copy, c, at(board, last), go::kPass, rng, false);
    ++out[p == go::kPass ? "pass" : board.geometry().toGtp(p)];
  }
  return out;
}

// Every move choose() gives in `trials` tries, as GTP text.
std::set<std::string> choices(const PlayoutPolicy& policy, const Board& board, Color c,
                              const char* last, int trials = 200) {
  std::set<std::string> out;
  for (const auto& [move, n] : counts(policy, board, c, last, trials)) out.insert(move);
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

// White has just played D5 next to Black C5 (and E5).
Board hanePosition() {
  return parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . X O X . .
   4 . . . . . . .
   3 . . . . . . .
   2 . . . . . . .
   1 . . . . . . .
  )");
}

TEST(PlayoutPolicy, AnswersWithAHanePattern) {
  // White's last move D5 touches Black C5; the hane D4 and the enclosing shapes match. The
  // policy picks among the pattern moves next to D5 only.
  const Board board = hanePosition();
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

TEST(PlayoutPolicy, WeighsTheMogoMatchesByTheirLearnedStrength) {
  const Board board = hanePosition();
  const Pattern3Gammas& gammas = Pattern3Gammas::builtIn();
  const Point d5 = at(board, "D5");
  // The MoGo matches next to D5 and their learned strengths, as the weighted rule sees them.
  std::map<std::string, double> weight;
  double total = 0;
  for (const Point q : {at(board, "C6"), at(board, "D6"), at(board, "E6"), at(board, "C4"),
                        at(board, "D4"), at(board, "E4")}) {
    const std::uint16_t code = PatternTable::code(board, q, Color::Black);
    if (!PatternTable::mogo().matchesCode(code)) continue;
    const bool orthogonal = board.geometry().col(q) == board.geometry().col(d5);
    const double w = gammas[code] * (orthogonal ? gammas.orthogonal() : gammas.diagonal());
    weight[board.geometry().toGtp(q)] = w;
    total += w;
  }
  ASSERT_GE(weight.size(), 2u);
  const int trials = 4000;
  const auto uniform = counts(PlayoutPolicy(), board, Color::Black, "D5", trials);
  const auto weighted = counts(PlayoutPolicy({.patternChoice = PatternChoice::MogoWeighted}), board,
                               Color::Black, "D5", trials);
  double farthest = 0;  // how far the weighted shares are from the uniform ones
  for (const auto& [move, w] : weight) {
    const double share = weighted.contains(move) ? weighted.at(move) / double(trials) : 0;
    EXPECT_NEAR(share, w / total, 0.03) << move;
    const double even = uniform.contains(move) ? uniform.at(move) / double(trials) : 0;
    EXPECT_NEAR(even, 1.0 / static_cast<double>(weight.size()), 0.03) << move;
    farthest = std::max(farthest, std::abs(w / total - 1.0 / static_cast<double>(weight.size())));
  }
  // The learned strengths differ enough here for the test to tell the two rules apart.
  EXPECT_GT(farthest, 0.1);
  int answered = 0;
  for (const auto& [move, n] : weighted) answered += weight.contains(move) ? n : 0;
  EXPECT_EQ(answered, trials);
}

TEST(PlayoutPolicy, LearnedRuleTakesOnlyNeighboursStrongEnough) {
  const Board board = hanePosition();
  // With no threshold every empty neighbour of D5 is a candidate and nothing else is.
  const auto all =
      counts(PlayoutPolicy({.patternChoice = PatternChoice::Learned, .learnedPatternMin = 0}),
             board, Color::Black, "D5", 2000);
  std::set<std::string> moves;
  for (const auto& [move, n] : all) moves.insert(move);
  EXPECT_EQ(moves, (std::set<std::string>{"C6", "D6", "E6", "C4", "D4", "E4"}));
  // With a threshold nothing reaches, the random phase plays anywhere.
  const auto none =
      counts(PlayoutPolicy({.patternChoice = PatternChoice::Learned, .learnedPatternMin = 1e9f}),
             board, Color::Black, "D5", 2000);
  int far = 0;
  for (const auto& [move, n] : none) {
    const Point p = at(board, move.c_str());
    const Point d5 = at(board, "D5");
    if (std::abs(board.geometry().col(p) - board.geometry().col(d5)) > 1 ||
        std::abs(board.geometry().row(p) - board.geometry().row(d5)) > 1) {
      far += n;
    }
  }
  EXPECT_GT(far, 1500);
}

TEST(PlayoutPolicy, TheBotWeighsItsPatternsFrom9x9Up) {
  // Where the learned priors apply (docs/strength.md, "Learned patterns in the playouts"); the
  // smaller boards keep MoGo's uniform choice.
  const BotOptions defaults;
  EXPECT_EQ(playoutOptions(defaults, 7).patternChoice, PatternChoice::Mogo);
  EXPECT_EQ(playoutOptions(defaults, 9).patternChoice, PatternChoice::MogoWeighted);
  EXPECT_EQ(playoutOptions(defaults, 19).patternChoice, PatternChoice::MogoWeighted);
  BotOptions chosen;
  chosen.playoutPatterns = PatternChoice::Learned;
  chosen.playout.learnedPatternMin = 4;
  EXPECT_EQ(playoutOptions(chosen, 7).patternChoice, PatternChoice::Learned);
  EXPECT_EQ(playoutOptions(chosen, 19).learnedPatternMin, 4.0f);
  chosen.playoutPatterns = PatternChoice::Mogo;
  EXPECT_EQ(playoutOptions(chosen, 19).patternChoice, PatternChoice::Mogo);
}

// A 19x19 board whose upper half (rows 10-19) holds a stone on every other point of every
// other row, colours alternating, so no point there is open; the lower half is empty.
Board halfCrowded() {
  Board board(19);
  const go::Geometry& g = board.geometry();
  bool black = true;
  for (int row = 9; row < 19; row += 2) {
    for (int col = 0; col < 19; col += 2) {
      board.play(g.point(col, row), black ? Color::Black : Color::White);
      black = !black;
    }
  }
  return board;
}

TEST(PlayoutPolicy, FillBoardPlaysIntoOpenAreas) {
  const Board board = halfCrowded();
  int open = 0;
  for (int i = 0; i < board.emptyCount(); ++i) open += isOpenArea(board, board.emptyAt(i));
  // Rows 2-8 of the empty half (row 9 touches the stones of row 10), columns B-S.
  ASSERT_EQ(open, 7 * 17);
  // How often choose() plays an open point after a pass (no local answer to make).
  const auto openShare = [&](int tries) {
    PlayoutOptions options;
    options.fillBoardTries = tries;
    const PlayoutPolicy policy(options);
    go::Random rng(17);
    int hits = 0;
    for (int i = 0; i < 2000; ++i) {
      Board copy = board;
      hits += isOpenArea(copy, policy.choose(copy, Color::Black, go::kPass, go::kPass, rng, false));
    }
    return hits / 2000.0;
  };
  // Off, the random phase is uniform over the empty points: 119 open of 311 (0.38).
  ASSERT_EQ(board.emptyCount(), 361 - 5 * 10);
  EXPECT_NEAR(openShare(0), 119.0 / 311, 0.03);
  // Four draws over the 361 points find an open one with probability 1 - (242/361)^4 = 0.80,
  // and the random phase adds its share of the rest: 0.80 + 0.20 * 0.38 = 0.875.
  EXPECT_NEAR(openShare(4), 0.875, 0.03);
}

TEST(PlayoutPolicy, FillBoardComesBeforeTheLocalAnswers) {
  // As MoGo and Fuego order it: White's B2 stands in atari, but an open point is played first
  // when one is drawn. Drawn 64 times over a 9x9 board of 49 interior points, one is almost
  // surely found.
  const Board board = parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . . . . . . . .
   6 . . . . . . . . .
   5 . . . . . . . . .
   4 . . . . . . . . .
   3 . X . . . . . . .
   2 X O . . . . . . .
   1 . X . . . . . . .
  )");
  PlayoutOptions options;
  options.fillBoardTries = 64;
  const auto moves = counts(PlayoutPolicy(options), board, Color::Black, "B2", 400);
  EXPECT_FALSE(moves.contains("C2"));
  for (const auto& [move, n] : moves) {
    EXPECT_TRUE(isOpenArea(board, board.geometry().fromGtp(move).value())) << move;
  }
  EXPECT_EQ(counts(PlayoutPolicy(), board, Color::Black, "B2").at("C2"), 200);
}

// How often randomMove gives each move in `trials` tries (each on a fresh copy).
std::map<std::string, int> randomCounts(const PlayoutPolicy& policy, const Board& board, Color c,
                                        int trials) {
  go::Random rng(3);
  std::map<std::string, int> out;
  for (int i = 0; i < trials; ++i) {
    Board copy = board;
    const Point p = policy.randomMove(copy, c, rng, false);
    ++out[p == go::kPass ? "pass" : board.geometry().toGtp(p)];
  }
  return out;
}

TEST(PlayoutPolicy, RandomPhaseAvoidsTwoStoneSelfAtari) {
  // Black B2 or A1 would leave A2 and the new stone one liberty: never chosen at random.
  const Board board = parseBoard(test::kTwoStoneSelfAtari);
  const auto counts = randomCounts(PlayoutPolicy(), board, Color::Black, 4000);
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

TEST(PlayoutPolicy, RandomCandidatesAreDrawnByTheirLearnedStrength) {
  // 15 empty points: a hand of 16 holds them all, so each acceptable point is played in
  // proportion to its 3x3 strength among the acceptable ones.
  const Board board = parseBoard(R"(
     A B C D E
   5 . . . . .
   4 . X . O .
   3 O O . . X
   2 X . O . .
   1 . O . X X
  )");
  const Pattern3Gammas& gammas = Pattern3Gammas::builtIn();
  std::map<std::string, double> strength;
  double total = 0;
  for (int i = 0; i < board.emptyCount(); ++i) {
    const Point p = board.emptyAt(i);
    if (!board.isPlayoutCandidate(p, Color::Black, false) ||
        isBadSelfAtari(board, p, Color::Black)) {
      continue;
    }
    strength[board.geometry().toGtp(p)] = gammas[PatternTable::code(board, p, Color::Black)];
    total += strength[board.geometry().toGtp(p)];
  }
  ASSERT_GE(strength.size(), 8u);
  ASSERT_FALSE(strength.contains("B2"));  // a two-stone self-atari
  const int trials = 8000;
  const auto drawn =
      randomCounts(PlayoutPolicy({.randomCandidates = 16}), board, Color::Black, trials);
  const auto uniform = randomCounts(PlayoutPolicy(), board, Color::Black, trials);
  double farthest = 0;  // how far the strength shares are from a uniform choice
  for (const auto& [move, w] : strength) {
    const double share = drawn.contains(move) ? drawn.at(move) / double(trials) : 0;
    EXPECT_NEAR(share, w / total, 0.02) << move;
    const double even = 1.0 / static_cast<double>(strength.size());
    EXPECT_NEAR(uniform.contains(move) ? uniform.at(move) / double(trials) : 0, even, 0.02) << move;
    farthest = std::max(farthest, std::abs(w / total - even));
  }
  // The strengths differ enough here for the test to tell the two draws apart.
  EXPECT_GT(farthest, 0.05);
  int played = 0;  // nothing but acceptable points
  for (const auto& [move, n] : drawn) played += strength.contains(move) ? n : 0;
  EXPECT_EQ(played, trials);
}

TEST(PlayoutPolicy, RandomCandidatesKeepEyesAndSelfAtarisOut) {
  // RandomPhaseAvoidsTwoStoneSelfAtari's position, with a hand smaller than the 20 empty
  // points: the hand is refilled past the rejected ones, and every acceptable point is
  // reached.
  const Board board = parseBoard(test::kTwoStoneSelfAtari);
  const auto drawn =
      randomCounts(PlayoutPolicy({.randomCandidates = 4}), board, Color::Black, 4000);
  EXPECT_FALSE(drawn.contains("B2"));
  EXPECT_FALSE(drawn.contains("A1"));
  EXPECT_FALSE(drawn.contains("C1"));
  EXPECT_EQ(drawn.size(), 17u);
  // Only own eyes left: a pass.
  const Board eyes = parseBoard(test::kOnlyOwnEyes);
  EXPECT_EQ(randomCounts(PlayoutPolicy({.randomCandidates = 4}), eyes, Color::Black, 10),
            (std::map<std::string, int>{{"pass", 10}}));
}

// How often Black's stone at `stone` is still on the board after a playout from `board`
// with White to move, out of `playouts`.
int survivals(const PlayoutPolicy& policy, const Board& board, const char* stone, int playouts) {
  go::Random rng(17);
  int alive = 0;
  for (int i = 0; i < playouts; ++i) {
    Board copy = board;
    runPlayout(policy, copy, Color::White, go::kNoPoint, go::kNoPoint, rng, false, 3 * 7 * 7,
               [](Point, Color) {});
    if (copy.at(at(board, stone)) == Color::Black) ++alive;
  }
  return alive;
}

TEST(PlayoutPolicy, EnclosedNakadeKillsABentThree) {
  // Black's corner group has the bent three A2 A1 B1 inside with White on its vital point A1,
  // and one liberty outside (D2): dead, once White plays A2 or B1, a self-atari of two stones.
  // White's wall has the rest of the board.
  const Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . . . . . .
   4 O O O O . . .
   3 X X X O . . .
   2 . X X . O . .
   1 O . X O . . .
  )");
  PlayoutOptions without;
  PlayoutOptions with;
  with.enclosedNakade = 3;
  // Measured: 219 of 400 alive without the rule, 9 with it.
  EXPECT_GT(survivals(PlayoutPolicy(without), board, "B2", 400), 150);
  EXPECT_LT(survivals(PlayoutPolicy(with), board, "B2", 400), 40);
}

TEST(PlayoutPolicy, TheBotPlaysEnclosedNakadesOnlyWhenAsked) {
  // Off on every size (docs/strength.md, "Enclosed nakade"); an explicit value is kept.
  const BotOptions defaults;
  for (const int size : {9, 13, 19, 25}) {
    EXPECT_EQ(playoutOptions(defaults, size).enclosedNakade, 0) << size;
  }
  BotOptions chosen;
  chosen.enclosedNakade = 4;
  EXPECT_EQ(playoutOptions(chosen, 19).enclosedNakade, 4);
  chosen.enclosedNakade = 2;
  EXPECT_EQ(playoutOptions(chosen, 9).enclosedNakade, 2);
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
  const Board board = parseBoard(test::kOnlyOwnEyes);
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
