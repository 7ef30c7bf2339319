#include "site/automatch/pairing.h"

#include <algorithm>
#include <bit>
#include <cmath>
#include <numeric>

#include "rating/rank.h"

namespace tengen::site {

namespace {

double missedBonus(const PoolEntry& entry) {
  return kMissedWaveBonus * std::clamp(entry.wavesMissed, 0, kMaxMissedWaves);
}

bool windowFits(const PoolEntry& owner, const PoolEntry& other) {
  if (!owner.maxRankDifference) return true;
  const double ranks = std::abs(rating::rankOf(owner.rating) - rating::rankOf(other.rating));
  return ranks <= *owner.maxRankDifference + 0.5;
}

double maxCostFor(double rating) { return rating < 1000 ? 130 : std::max(100.0, rating / 15); }

// A pair's weight for the matching: every pair outweighs any cost difference, so the most
// pairs win first and the least total cost second. Costs lie within about ±1,000 (bonuses
// of 960 at most, allowed costs of a few hundred) and a wave holds at most 16 pairs per run.
constexpr double kPairWeight = 1e6;

// Best matching of `run` (at most kExactPairingLimit entries of `entries`), by DP over the
// subsets still to decide: the lowest one is left out or paired with another.
void pairRun(const std::vector<PoolEntry>& entries, const std::vector<std::size_t>& run,
             std::vector<std::pair<std::size_t, std::size_t>>& pairs) {
  const std::size_t n = run.size();
  if (n < 2) return;
  std::vector<std::vector<std::optional<double>>> cost(n, std::vector<std::optional<double>>(n));
  for (std::size_t i = 0; i < n; ++i) {
    for (std::size_t j = i + 1; j < n; ++j) {
      cost[i][j] = cost[j][i] = allowedCost(entries[run[i]], entries[run[j]]);
    }
  }
  const std::size_t states = std::size_t{1} << n;
  std::vector<double> best(states, 0);
  std::vector<int> choice(states, -1);  // partner of the lowest entry; -1: left out
  for (std::size_t mask = 1; mask < states; ++mask) {
    const int low = std::countr_zero(mask);
    const std::size_t rest = mask & ~(std::size_t{1} << low);
    best[mask] = best[rest];
    choice[mask] = -1;
    for (std::size_t other = rest; other != 0; other &= other - 1) {
      const int j = std::countr_zero(other);
      if (!cost[low][j]) continue;
      const double weight = kPairWeight - *cost[low][j] + best[rest & ~(std::size_t{1} << j)];
      if (weight > best[mask]) {
        best[mask] = weight;
        choice[mask] = j;
      }
    }
  }
  for (std::size_t mask = states - 1; mask != 0;) {
    const int low = std::countr_zero(mask);
    const int j = choice[mask];
    mask &= ~(std::size_t{1} << low);
    if (j < 0) continue;
    mask &= ~(std::size_t{1} << j);
    pairs.emplace_back(std::min(run[low], run[j]), std::max(run[low], run[j]));
  }
}

}  // namespace

std::optional<double> pairCost(const PoolEntry& a, const PoolEntry& b) {
  if (a.userId == b.userId) return std::nullopt;
  if (std::find(a.keptApart.begin(), a.keptApart.end(), b.userId) != a.keptApart.end() ||
      std::find(b.keptApart.begin(), b.keptApart.end(), a.userId) != b.keptApart.end()) {
    return std::nullopt;
  }
  if (!a.rules.empty() && !b.rules.empty() && a.rules != b.rules) return std::nullopt;
  double cost = std::abs(a.rating - b.rating) - missedBonus(a) - missedBonus(b);
  if (!windowFits(a, b) || !windowFits(b, a)) cost += kRangePenalty;
  return cost;
}

double maxPairCost(const PoolEntry& a, const PoolEntry& b) {
  return std::max(maxCostFor(a.rating), maxCostFor(b.rating));
}

std::optional<double> allowedCost(const PoolEntry& a, const PoolEntry& b) {
  const auto cost = pairCost(a, b);
  if (!cost || *cost > maxPairCost(a, b)) return std::nullopt;
  return cost;
}

std::vector<std::pair<std::size_t, std::size_t>> pairWave(const std::vector<PoolEntry>& entries) {
  std::vector<std::size_t> order(entries.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](std::size_t x, std::size_t y) {
    return entries[x].rating < entries[y].rating;
  });
  std::vector<std::pair<std::size_t, std::size_t>> pairs;
  for (std::size_t start = 0; start < order.size(); start += kExactPairingLimit) {
    const std::size_t end = std::min(order.size(), start + kExactPairingLimit);
    pairRun(entries, std::vector<std::size_t>(order.begin() + start, order.begin() + end), pairs);
  }
  std::sort(pairs.begin(), pairs.end());
  return pairs;
}

std::string agreedRules(const PoolEntry& a, const PoolEntry& b, const std::string& fallback) {
  if (!a.rules.empty()) return a.rules;
  if (!b.rules.empty()) return b.rules;
  return fallback;
}

}  // namespace tengen::site
