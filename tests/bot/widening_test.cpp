// Progressive widening: how many children a node selects among as it is visited, how they are
// ranked, and that a search really keeps to them.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <climits>
#include <vector>

#include "bot/bot.h"
#include "bot/empty_board_search.h"
#include "bot/search.h"
#include "bot/widening.h"
#include "go/random.h"

namespace tengen::bot {
namespace {

TEST(Widening, OffConsidersEveryChild) {
  EXPECT_EQ(widenedChildren(Widening{}, 0), INT_MAX);
  EXPECT_EQ(widenedChildren(Widening{}, 1'000'000), INT_MAX);
}

TEST(Widening, OneMoreChildEachTimeTheVisitsGrowByTheFactor) {
  const Widening w{.initial = 6, .visits = 40, .factor = 1.4};
  EXPECT_EQ(widenedChildren(w, 0), 6);
  EXPECT_EQ(widenedChildren(w, 15), 6);  // 1 + 15/40 < 1.4
  EXPECT_EQ(widenedChildren(w, 16), 7);  // 1.4
  EXPECT_EQ(widenedChildren(w, 38), 7);  // 1.95 < 1.96
  EXPECT_EQ(widenedChildren(w, 39), 8);  // 1.975 > 1.4^2
  // log(1 + 6800/40) / log(1.4) = 15.28: 21 children after 6,800 visits.
  EXPECT_EQ(widenedChildren(w, 6800), 21);
}

TEST(Widening, TheDefaultFactorWidensBy1Point2) {
  // The default (1.2; docs/strength.md, "Widening factor 1.2"): log(1 + 6800/40) / log(1.2)
  // = 28.2, so a 19x19 root after one core-second considers 34 children.
  const Widening w{.initial = 6};
  EXPECT_EQ(widenedChildren(w, 7), 6);  // 1 + 7/40 = 1.175 < 1.2
  EXPECT_EQ(widenedChildren(w, 9), 7);  // 1.225 > 1.2
  EXPECT_EQ(widenedChildren(w, 6800), 34);
}

TEST(Widening, RanksByTheAdvantageOverAnEvenPrior) {
  // Even (10 visits, 5 wins: advantage 0), a learned bonus (+15), an own-eye penalty (-50),
  // a smaller bonus (+5), and another even one, which ties the first and comes after it.
  const std::vector<NodePrior> priors{{10, 5}, {40, 35}, {110, 5}, {20, 15}, {10, 5}};
  std::vector<std::uint16_t> ranks(priors.size());
  std::vector<std::uint64_t> scratch;
  rankByPrior(priors, ranks, scratch);
  EXPECT_EQ(ranks, (std::vector<std::uint16_t>{2, 0, 4, 1, 3}));
  // The scratch a longer ranking left behind does not leak into a shorter one.
  const std::vector<NodePrior> two{{10, 5}, {20, 15}};
  std::vector<std::uint16_t> twoRanks(two.size());
  rankByPrior(two, twoRanks, scratch);
  EXPECT_EQ(twoRanks, (std::vector<std::uint16_t>{1, 0}));
}

TEST(Widening, RanksNegativeZeroAndFractionalAdvantagesAsTheirComparisonDoes) {
  // The ranking sorts integer keys made from the advantages' bits; it must order them as the
  // floats compare: negatives below zero (the larger magnitude lower), -0 equal to +0 (a tie,
  // by index), fractions between their neighbours.
  const std::vector<NodePrior> priors{
      {10, 4.75f},  // -0.25
      {0, -0.0f},   // -0
      {2, 1},       // +0: ties the one before, after it by index
      {10, 0},      // -5
      {10, 5.5f},   // +0.5
      {4, -1},      // -3
      {10, 5},      // +0: ties the two before, after them by index
      {30, 0},      // -15
  };
  std::vector<std::uint16_t> ranks(priors.size());
  std::vector<std::uint64_t> scratch;
  rankByPrior(priors, ranks, scratch);
  EXPECT_EQ(ranks, (std::vector<std::uint16_t>{4, 1, 2, 6, 0, 5, 3, 7}));
}

TEST(Widening, RanksAsAComparisonOfTheAdvantagesOverRandomPriors) {
  go::Random rng(11);
  std::vector<std::uint64_t> scratch;
  for (int round = 0; round < 200; ++round) {
    // A few hundred children, as on 19x19, with values that repeat so ties happen.
    const int n = 1 + static_cast<int>(rng.below(400));
    std::vector<NodePrior> priors(static_cast<std::size_t>(n));
    for (NodePrior& p : priors) {
      p.visits = static_cast<float>(rng.below(8) * 5);
      p.wins = static_cast<float>(rng.below(60)) * 0.5f - 5;
    }
    std::vector<std::uint16_t> ranks(priors.size());
    rankByPrior(priors, ranks, scratch);
    std::vector<std::uint16_t> order(priors.size());
    for (std::size_t i = 0; i < order.size(); ++i) order[i] = static_cast<std::uint16_t>(i);
    auto advantage = [&](std::uint16_t i) { return priors[i].wins - priors[i].visits / 2; };
    std::sort(order.begin(), order.end(), [&](std::uint16_t a, std::uint16_t b) {
      return advantage(a) != advantage(b) ? advantage(a) > advantage(b) : a < b;
    });
    std::vector<std::uint16_t> expected(priors.size());
    for (std::size_t r = 0; r < order.size(); ++r)
      expected[order[r]] = static_cast<std::uint16_t>(r);
    ASSERT_EQ(ranks, expected) << "round " << round << ", " << n << " children";
  }
}

TEST(Widening, TheBotWidensOn19x19AndLargerUnlessTold) {
  EXPECT_EQ(wideningInitial(BotOptions{}, 19), kWideningInitial);
  EXPECT_EQ(wideningInitial(BotOptions{}, 25), kWideningInitial);
  EXPECT_EQ(wideningInitial(BotOptions{}, 13), 0);
  BotOptions told;
  told.widening = 0;
  EXPECT_EQ(wideningInitial(told, 19), 0);
  told.widening = 4;
  EXPECT_EQ(wideningInitial(told, 9), 4);
}

// The root children a 19x19 search of `playouts` from the empty board visits, with learned
// priors and `widening`.
std::vector<const Node*> visitedRootChildren(NodePool& pool, const Widening& widening,
                                             int playouts) {
  const SearchPosition pos = test::emptyBoardSearch(19, true);
  SearchConfig config;
  config.priors.learned = 30;
  config.widening = widening;
  Search search(pool, config, sharedPlayoutPolicy(true));
  const NodeIndex root = pool.allocate(1);
  EXPECT_TRUE(search.prepareRoot(root, pos));
  const std::atomic<bool> stop{false};
  search.run(root, pos, SearchLimitsResolved{playouts, 0}, 1, 7, stop);
  std::vector<const Node*> visited;
  const Node& r = pool[root];
  for (int i = 0; i < r.childCount; ++i) {
    const Node& child = pool[r.firstChild + static_cast<NodeIndex>(i)];
    if (child.realVisits() > 0) visited.push_back(&child);
  }
  return visited;
}

TEST(Widening, TheSearchSelectsOnlyAmongTheWidenedChildren) {
  const Widening widening{.initial = 3, .visits = 40, .factor = 1.4};
  const int playouts = 200;
  const int window = widenedChildren(widening, playouts);  // 3 + 5
  NodePool pool(200'000);
  const std::vector<const Node*> visited = visitedRootChildren(pool, widening, playouts);
  EXPECT_LE(static_cast<int>(visited.size()), window);
  EXPECT_GE(static_cast<int>(visited.size()), 3);
  for (const Node* child : visited) EXPECT_LT(child->rank, window);
  // Without widening the same search spreads over many more of the 361 points.
  NodePool all(200'000);
  EXPECT_GT(visitedRootChildren(all, Widening{}, playouts).size(), 3u * window);
}

}  // namespace
}  // namespace tengen::bot
