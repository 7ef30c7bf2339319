// The blossom matching (tournament/max_weight_matching.h) against exhaustive search on small
// random graphs, including the dense, equal-weight and wide-range graphs on which Boost 1.81's
// version fails (boostorg/graph issue 399), and the graphs the pairing builds: complete, with
// weights stacked in tiers.
#include "tournament/max_weight_matching.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <random>
#include <vector>

namespace tengen::tournament {
namespace {

// The best total weight over all matchings, by dynamic programming over vertex subsets.
MatchingWeight bruteForceBest(int n, const std::vector<WeightedEdge>& edges) {
  std::vector<std::vector<MatchingWeight>> w(n, std::vector<MatchingWeight>(n, -1));
  for (const auto& e : edges) w[e.u][e.v] = w[e.v][e.u] = e.weight;
  std::vector<MatchingWeight> best(1u << n, 0);
  for (unsigned mask = 1; mask < (1u << n); ++mask) {
    const int i = __builtin_ctz(mask);
    const unsigned rest = mask & ~(1u << i);
    MatchingWeight b = best[rest];  // i unmatched
    for (int j = i + 1; j < n; ++j)
      if ((rest >> j & 1) && w[i][j] > 0) b = std::max(b, w[i][j] + best[rest & ~(1u << j)]);
    best[mask] = b;
  }
  return best[(1u << n) - 1];
}

MatchingWeight checkedWeight(int n, const std::vector<WeightedEdge>& edges,
                             const std::vector<int>& mate) {
  EXPECT_EQ(static_cast<int>(mate.size()), n);
  MatchingWeight total = 0;
  for (int v = 0; v < n; ++v) {
    if (mate[v] == -1) continue;
    EXPECT_EQ(mate[mate[v]], v) << "matching is not symmetric at " << v;
    if (v > mate[v]) continue;
    bool found = false;
    for (const auto& e : edges) {
      if ((e.u == v && e.v == mate[v]) || (e.v == v && e.u == mate[v])) {
        total += e.weight;
        found = true;
      }
    }
    EXPECT_TRUE(found) << "matched pair " << v << "-" << mate[v] << " is no edge";
  }
  return total;
}

struct GraphShape {
  const char* name;
  double density;
  int maxWeight;
};

TEST(MaxWeightMatching, EqualsExhaustiveSearchOnRandomGraphs) {
  const GraphShape shapes[] = {{"sparse", 0.3, 20},
                               {"dense", 0.9, 20},
                               {"equal weights", 0.7, 1},
                               {"few weights", 1.0, 3},
                               {"wide range", 0.6, 1000000}};
  std::mt19937 rng(52);
  for (const GraphShape& shape : shapes) {
    for (int trial = 0; trial < 400; ++trial) {
      const int n = 2 + static_cast<int>(rng() % 11);
      std::vector<WeightedEdge> edges;
      std::uniform_real_distribution<double> coin(0, 1);
      for (int u = 0; u < n; ++u)
        for (int v = u + 1; v < n; ++v)
          if (coin(rng) < shape.density)
            edges.push_back({u, v, 1 + static_cast<MatchingWeight>(rng() % shape.maxWeight)});
      const auto mate = maximumWeightMatching(n, edges);
      ASSERT_EQ(checkedWeight(n, edges, mate), bruteForceBest(n, edges))
          << shape.name << " trial " << trial << " n=" << n;
    }
  }
}

TEST(MaxWeightMatching, TieredCompleteGraphIsPerfectAndOptimal) {
  // Weights as the pairing builds them: a base far above the spread, so the best matching is
  // perfect, and 128-bit values beyond 64 bits.
  std::mt19937_64 rng(7);
  for (int trial = 0; trial < 200; ++trial) {
    const int n = 2 * (1 + static_cast<int>(rng() % 6));
    std::vector<WeightedEdge> edges;
    const MatchingWeight base = static_cast<MatchingWeight>(1) << 90;
    for (int u = 0; u < n; ++u)
      for (int v = u + 1; v < n; ++v)
        edges.push_back({u, v,
                         base - static_cast<MatchingWeight>(rng() % 5) * (base >> 40) -
                             static_cast<MatchingWeight>(rng() % 1000)});
    const auto mate = maximumWeightMatching(n, edges);
    for (int v = 0; v < n; ++v) ASSERT_NE(mate[v], -1) << "trial " << trial;
    ASSERT_EQ(checkedWeight(n, edges, mate), bruteForceBest(n, edges)) << "trial " << trial;
  }
}

TEST(MaxWeightMatching, TakesTheHeavierOfTwoPathsThroughABlossom) {
  // A triangle 0-1-2 with a tail 2-3: the best is 0-1 plus 2-3 (5 + 4), not 1-2 alone (8).
  const std::vector<WeightedEdge> edges{{0, 1, 5}, {1, 2, 8}, {0, 2, 6}, {2, 3, 4}};
  const auto mate = maximumWeightMatching(4, edges);
  EXPECT_EQ(mate, (std::vector<int>{1, 0, 3, 2}));
}

TEST(MaxWeightMatching, NoEdgesNoPairs) {
  EXPECT_EQ(maximumWeightMatching(3, {}), (std::vector<int>{-1, -1, -1}));
  EXPECT_TRUE(maximumWeightMatching(0, {}).empty());
}

}  // namespace
}  // namespace tengen::tournament
