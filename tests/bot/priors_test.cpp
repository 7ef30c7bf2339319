// Prior knowledge for new tree nodes (src/bot/priors.h): the heuristics move a child's prior
// mean up or down from the even 50%.
#include "bot/priors.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "bot/bot.h"
#include "bot/test_positions.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::Point;
using go::test::parseBoard;
using go::test::vertex;

// Priors of every empty point that is legal for `c`, by GTP vertex.
std::map<std::string, Prior> priorsOf(const Board& board, Color c, const char* last,
                                      const PriorOptions& options = {}) {
  std::vector<Point> candidates;
  const go::Geometry& g = board.geometry();
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      if (board.isLegal(p, c, false)) candidates.push_back(p);
    }
  }
  std::vector<Prior> out(candidates.size());
  const Point lastPoint = last ? vertex(g, last) : go::kPass;
  computePriors(board, c, lastPoint, go::kNoPoint, candidates, out, options);
  std::map<std::string, Prior> byVertex;
  for (std::size_t i = 0; i < candidates.size(); ++i) byVertex[g.toGtp(candidates[i])] = out[i];
  return byVertex;
}

double mean(const Prior& p) { return p.wins / p.visits; }

TEST(Priors, EveryPriorIsFiniteWithVisits) {
  const Board board = parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . X O . . . . .
   6 . . X O . . . . .
   5 . . . X O . . . .
   4 . . . . . . . . .
   3 . . . . . . . . .
   2 . . . . . . . . .
   1 . . . . . . . . .
  )");
  for (const auto& [v, prior] : priorsOf(board, Color::White, "D5")) {
    EXPECT_GT(prior.visits, 0) << v;
    EXPECT_TRUE(std::isfinite(prior.wins) && prior.wins >= 0 && prior.wins <= prior.visits) << v;
  }
}

TEST(Priors, PassAmongCandidatesGetsTheEvenPrior) {
  const Board board(9);
  const Point candidates[] = {go::kPass, vertex(board.geometry(), "E5")};
  Prior out[2];
  computePriors(board, Color::Black, go::kNoPoint, candidates, out);
  EXPECT_FLOAT_EQ(out[0].visits, 10);
  EXPECT_FLOAT_EQ(out[0].wins, 5);
}

TEST(Priors, CaptureRanksAboveQuietMoves) {
  // White's last move B2 is in atari: C2 captures it.
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
  const auto priors = priorsOf(board, Color::Black, "B2");
  EXPECT_GT(mean(priors.at("C2")), 0.7);
  EXPECT_GT(mean(priors.at("C2")), mean(priors.at("G7")));
  EXPECT_NEAR(mean(priors.at("E5")), 0.5, 1e-6);  // nothing special: the even prior
}

TEST(Priors, EscapeRanksAboveAndLadderBelow) {
  // Black D3 in atari escapes at E3; White C2 (other corner) would extend into a ladder.
  const Board board = parseBoard(bot::test::kAtariEscape);
  const auto priors = priorsOf(board, Color::Black, "D2");
  EXPECT_GT(mean(priors.at("E3")), 0.7);

  const Board ladder = parseBoard(bot::test::kEdgeLadder);
  const auto white = priorsOf(ladder, Color::White, "C1");
  EXPECT_LT(mean(white.at("D2")), mean(white.at("F6")));
}

TEST(Priors, SelfAtariAndOwnEyeRankBelow) {
  const Board board = parseBoard(bot::test::kSelfAtariAndEye);
  const auto priors = priorsOf(board, Color::Black, nullptr);
  // B2 would leave A2-B2 one liberty.
  EXPECT_LT(mean(priors.at("B2")), 0.3);
  // G2 is Black's own eye.
  EXPECT_LT(mean(priors.at("G2")), 0.1);
  EXPECT_LT(mean(priors.at("G2")), mean(priors.at("B2")));
}

TEST(Priors, OpeningPrefersThirdLineToTheEdge) {
  const Board board(13);
  const auto priors = priorsOf(board, Color::Black, nullptr);
  EXPECT_GT(mean(priors.at("C10")), mean(priors.at("G7")));
  EXPECT_LT(mean(priors.at("A1")), mean(priors.at("G7")));
  EXPECT_LT(mean(priors.at("B7")), mean(priors.at("G7")));
}

TEST(Priors, NearTheLastMoveRanksAboveFarAway) {
  const Board board = parseBoard(R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 . . . . . . . . .
   7 . . . . . . . . .
   6 . . . . . . . . .
   5 . . . . O . . . .
   4 . . . . . . . . .
   3 . . . . . . . . .
   2 . . . . . . . . .
   1 . . . . . . . . .
  )");
  const auto priors = priorsOf(board, Color::Black, "E5");
  EXPECT_GT(mean(priors.at("E4")), mean(priors.at("B8")));
  EXPECT_GT(mean(priors.at("F4")), mean(priors.at("B8")));
}

// The learned priors (PriorOptions::learned) with the weights built in
// (src/bot/move_weights.txt): the likeliest move gets the whole weight in virtual wins.
TEST(Priors, LearnedPriorsGiveTheLikeliestMoveTheWholeWeight) {
  const Board board = parseBoard(bot::test::kAtariEscape);
  PriorOptions options;
  options.learned = 40;
  const auto priors = priorsOf(board, Color::Black, "D2", options);
  float most = 0;
  for (const auto& [v, prior] : priors) {
    EXPECT_FLOAT_EQ(prior.visits - prior.wins, options.evenVisits / 2) << v;  // no penalties
    EXPECT_LE(prior.visits, options.evenVisits + options.learned + 1e-3f) << v;
    most = std::max(most, prior.visits);
  }
  EXPECT_FLOAT_EQ(most, options.evenVisits + options.learned);
  // Black D3, in atari, escapes at E3: among the three likeliest moves by the corpus, and
  // far above a quiet move away from the fight.
  std::string better;
  for (const auto& [v, prior] : priors) {
    if (prior.visits > priors.at("E3").visits) better += v + " ";
  }
  EXPECT_LE(std::count(better.begin(), better.end(), ' '), 2) << better;
  EXPECT_GT(priors.at("E3").visits, priors.at("H8").visits + options.learned / 2);
}

// Normalised (PriorOptions::learnedNormalised): a move's virtual wins are the weight times
// the square root of its probability among the candidates, so their squares sum to one
// weight squared, and the order of the moves is the same as without.
TEST(Priors, NormalisedLearnedPriorsAreSquareRootsOfProbabilities) {
  const Board board = parseBoard(bot::test::kAtariEscape);
  PriorOptions options;
  options.learned = 40;
  const auto byRatio = priorsOf(board, Color::Black, "D2", options);
  options.learnedNormalised = true;
  const auto byShare = priorsOf(board, Color::Black, "D2", options);
  double probabilities = 0;
  for (const auto& [v, prior] : byShare) {
    const double share = (prior.wins - options.evenVisits / 2) / options.learned;
    probabilities += share * share;
    EXPECT_LT(prior.visits, byRatio.at(v).visits + 1e-3f) << v;  // a share is below a ratio
    EXPECT_EQ(prior.visits > byShare.at("H8").visits,
              byRatio.at(v).visits > byRatio.at("H8").visits)
        << v;
  }
  EXPECT_NEAR(probabilities, 1.0, 1e-3);
}

TEST(Priors, LearnedPriorsKeepTheOwnEyePenaltyAndRankSelfAtariLow) {
  const Board board = parseBoard(bot::test::kSelfAtariAndEye);
  PriorOptions options;
  options.learned = 40;
  const auto priors = priorsOf(board, Color::Black, nullptr, options);
  EXPECT_LT(mean(priors.at("G2")), 0.1);                    // own eye
  EXPECT_LT(mean(priors.at("B2")), mean(priors.at("E5")));  // a self-atari of two stones
}

TEST(Priors, AnEnclosedNakadeLosesTheSelfAtariPenaltyWhenAsked) {
  // White A2 makes two stones in atari inside Black's bent three.
  const Board board = parseBoard(test::kBentThreeNakade);
  for (const float learned : {0.0f, 40.0f}) {
    PriorOptions options;
    options.learned = learned;
    const double before = mean(priorsOf(board, Color::White, nullptr, options).at("A2"));
    options.enclosedNakade = 3;
    const double after = mean(priorsOf(board, Color::White, nullptr, options).at("A2"));
    EXPECT_GT(after, before + 0.05) << "learned " << learned;
  }
}

TEST(Priors, TheBotUsesTheLearnedPriorsFrom9x9Up) {
  // On 9x9 and 13x13 as strong or stronger against GNU Go (docs/strength.md, "Learned move
  // priors", "9x9 at half a core-second"); the smaller boards keep the hand-made ones.
  const BotOptions defaults;
  EXPECT_EQ(learnedPriorWeight(defaults, 7), 0.0f);
  EXPECT_EQ(learnedPriorWeight(defaults, 9), kLearnedPriorWeight);
  EXPECT_EQ(learnedPriorWeight(defaults, 13), kLearnedPriorWeight);
  EXPECT_EQ(learnedPriorWeight(defaults, 18), kLearnedPriorWeight);
  EXPECT_EQ(learnedPriorWeight(defaults, 19), 2 * kLearnedPriorWeight);  // kLargeBoardMinSize
  BotOptions chosen;
  chosen.learnedPriors = 0;
  EXPECT_EQ(learnedPriorWeight(chosen, 19), 0.0f);
  chosen.learnedPriors = 12;
  EXPECT_EQ(learnedPriorWeight(chosen, 9), 12.0f);
}

TEST(Priors, TheBotRewardsEmptyCornersOn19x19) {
  const BotOptions defaults;
  EXPECT_EQ(cornerPriorWeight(defaults, 13), 0.0f);
  EXPECT_EQ(cornerPriorWeight(defaults, 19), kCornerPriorWeight);
  EXPECT_GT(kCornerPriorWeight, 0.0f);
  BotOptions chosen;
  chosen.cornerPrior = 0;
  EXPECT_EQ(cornerPriorWeight(chosen, 19), 0.0f);
  chosen.cornerPrior = 40;
  EXPECT_EQ(cornerPriorWeight(chosen, 9), 40.0f);
}

TEST(Priors, EmptyCornerOpeningPoints) {
  Board board(19);
  const go::Geometry& g = board.geometry();
  const auto opening = [&](const char* v) { return isEmptyCornerOpening(board, vertex(g, v)); };
  // Lines 3-5 from both edges in each corner, 5-5 excepted.
  for (const char* v :
       {"C3", "C4", "D3", "D4", "C5", "E3", "D5", "E4", "Q16", "R17", "C17", "Q3"}) {
    EXPECT_TRUE(opening(v)) << v;
  }
  for (const char* v : {"E5", "B2", "C2", "F3", "C6", "K4", "D10", "K10", "O16", "Q6"}) {
    EXPECT_FALSE(opening(v)) << v;
  }
  // A stone on the corner's first seven lines ends it there, and only there.
  board.play(vertex(g, "G7"), Color::White);
  EXPECT_FALSE(opening("D4"));
  EXPECT_FALSE(opening("C3"));
  EXPECT_TRUE(opening("Q4"));
  EXPECT_TRUE(opening("D16"));
  Board farther(19);
  farther.play(vertex(g, "H8"), Color::White);
  EXPECT_TRUE(isEmptyCornerOpening(farther, vertex(g, "D4")));
  // Small boards: the box shrinks with the board (9x9: lines 1-4), none under 9x9.
  EXPECT_TRUE(isEmptyCornerOpening(Board(9), vertex(Board(9).geometry(), "C3")));
  EXPECT_FALSE(isEmptyCornerOpening(Board(9), vertex(Board(9).geometry(), "E3")));
  EXPECT_FALSE(isEmptyCornerOpening(Board(7), vertex(Board(7).geometry(), "C3")));
}

TEST(Priors, EmptyCornerBonusAddsVirtualWins) {
  const Board board(19);
  for (const float learned : {0.0f, 30.0f}) {
    PriorOptions options;
    options.learned = learned;
    const auto plain = priorsOf(board, Color::Black, nullptr, options);
    options.emptyCorner = 100;
    const auto corner = priorsOf(board, Color::Black, nullptr, options);
    for (const auto& [v, prior] : corner) {
      const bool opening = isEmptyCornerOpening(board, vertex(board.geometry(), v.c_str()));
      EXPECT_FLOAT_EQ(prior.visits, plain.at(v).visits + (opening ? 100 : 0)) << v;
      EXPECT_FLOAT_EQ(prior.wins, plain.at(v).wins + (opening ? 100 : 0)) << v;
    }
  }
}

}  // namespace
}  // namespace tengen::bot
