// Weighted AMAF updates (search.h SearchConfig::weightedAmaf, Fuego's weighting): a move
// played soon after a node counts for more in the node's AMAF statistics than one played
// near the end of the simulation.
#include <gtest/gtest.h>

#include <atomic>

#include "bot/bot.h"
#include "bot/empty_board_search.h"
#include "bot/search.h"
#include "bot/search_seam.h"

namespace tengen::bot {
namespace {

TEST(WeightedAmaf, TheWeightFallsFromTwoToNothingOverTheSimulation) {
  EXPECT_EQ(amafWeight(0, 100), 2 * kAmafWeightUnit);
  EXPECT_EQ(amafWeight(50, 100), kAmafWeightUnit);
  EXPECT_EQ(amafWeight(99, 100), 0);
  EXPECT_EQ(amafWeight(0, 1), 2 * kAmafWeightUnit);
  int sum = 0;
  for (int distance = 0; distance < 200; ++distance) {
    EXPECT_LE(amafWeight(distance + 1, 200), amafWeight(distance, 200)) << distance;
    sum += amafWeight(distance, 200);
  }
  // About one unit of weight a move on average, as the unweighted updates give.
  EXPECT_NEAR(sum, 200 * kAmafWeightUnit, kAmafWeightUnit * 2);
}

// Makes n a child with 20 visits (12 won) over priors of 10 (5 won) and the given AMAF
// counters.
void setChildWithAmaf(Node& n, int amafVisits, int amafWinsX2) {
  n.reset(go::Point{40});
  n.priorVisits = 10;
  n.priorWins = 5;
  n.visits.store(20);
  n.winsX2.store(2 * 12);
  n.amafVisits.store(amafVisits);
  n.amafWinsX2.store(amafWinsX2);
}

TEST(WeightedAmaf, SelectionReadsTheCountersInUnitsOfWeight) {
  // 100 AMAF updates of weight 1 with 40 wins, stored in eighths, rank the child as 100
  // plain updates with 40 wins do.
  Node plain;
  setChildWithAmaf(plain, 100, 2 * 40);
  Node weighted;
  setChildWithAmaf(weighted, 100 * kAmafWeightUnit, 2 * 40 * kAmafWeightUnit);
  SearchConfig on;
  on.weightedAmaf = true;
  EXPECT_DOUBLE_EQ(selectionValue(weighted, 0, on), selectionValue(plain, 0, SearchConfig{}));
}

// The AMAF counters of the root's children after one simulation from the empty 9x9 board.
struct OneSimulation {
  int played = -1;     // the counter of the child the simulation went through
  int heaviest = 0;    // the largest counter
  int fractional = 0;  // children whose counter is no whole number of units
  int updated = 0;     // children with any update
};

OneSimulation amafAfterOneSimulation(bool weighted) {
  const SearchPosition pos = test::emptyBoardSearch(9, false);
  NodePool pool(1 + 81 * 4);
  SearchConfig config;
  config.weightedAmaf = weighted;
  Search search(pool, config, sharedPlayoutPolicy(true));
  const NodeIndex root = pool.allocate(1);
  EXPECT_TRUE(search.prepareRoot(root, pos));
  const std::atomic<bool> stop{false};
  search.run(root, pos, SearchLimitsResolved{1, 0}, 1, 3, stop);
  OneSimulation out;
  const Node& r = pool[root];
  for (int i = 0; i < r.childCount; ++i) {
    const Node& child = pool[r.firstChild + static_cast<NodeIndex>(i)];
    const int amaf = child.amafVisits.load();
    if (child.visits.load() == 1) out.played = amaf;
    if (amaf > 0) ++out.updated;
    if (amaf > out.heaviest) out.heaviest = amaf;
    if (amaf % kAmafWeightUnit != 0) ++out.fractional;
  }
  return out;
}

TEST(WeightedAmaf, TheSimulationsFirstMoveWeighsMostAndLaterOnesLess) {
  const OneSimulation plain = amafAfterOneSimulation(false);
  EXPECT_EQ(plain.played, 1);
  EXPECT_EQ(plain.heaviest, 1);
  const OneSimulation weighted = amafAfterOneSimulation(true);
  EXPECT_EQ(weighted.played, 2 * kAmafWeightUnit);
  EXPECT_EQ(weighted.heaviest, 2 * kAmafWeightUnit);
  EXPECT_GT(weighted.fractional, weighted.updated / 2);
  // The same simulation (same seed): the same children updated, by other weights.
  EXPECT_EQ(weighted.updated, plain.updated);
}

TEST(WeightedAmaf, IsOnFromTheLargeBoardsUnlessAskedOtherwise) {
  EXPECT_FALSE(SearchConfig{}.weightedAmaf);
  EXPECT_FALSE(weightedAmafOn(BotOptions{}, 13));
  EXPECT_FALSE(weightedAmafOn(BotOptions{}, kLargeBoardMinSize - 1));
  EXPECT_TRUE(weightedAmafOn(BotOptions{}, kLargeBoardMinSize));
  BotOptions off;
  off.weightedAmaf = false;
  EXPECT_FALSE(weightedAmafOn(off, 19));
  BotOptions on;
  on.weightedAmaf = true;
  EXPECT_TRUE(weightedAmafOn(on, 9));
}

}  // namespace
}  // namespace tengen::bot
