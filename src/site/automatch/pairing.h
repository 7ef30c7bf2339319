#pragma once

// Pairing one automatch pool in a wave (players-reference section 3, the lichess scheme):
// every pair gets a cost, lower is better, and the wave picks the set of disjoint pairs that
// pairs the most players and, among those, costs the least in total. Pure: no clocks, no
// I/O; the caller counts waves and builds the entries.

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace tengen::site {

struct PoolEntry {
  int64_t userId = 0;
  double rating = 1500;  // "overall" Glicko-2 rating
  double deviation = 350;
  int wavesMissed = 0;  // waves this entry sat through unpaired
  std::string rules;    // a rules preset name, or "" for any
  bool handicapAllowed = true;
  // Largest rank difference the player accepts (whole ranks); nullopt: any.
  std::optional<int> maxRankDifference;
  // Players this one must never be paired with: a block either way between them
  // (site/moderation), filled in by the matchmaker just before each wave.
  std::vector<int64_t> keptApart;
};

// A missed wave lowers a pair's cost by this much, for at most kMaxMissedWaves waves, so a
// player who waits long is paired further from his rating (lichess: 12 per miss).
inline constexpr double kMissedWaveBonus = 12;
inline constexpr int kMaxMissedWaves = 40;
// A rank window violated adds this: the pair then always costs more than allowed.
inline constexpr double kRangePenalty = 9000;

// The pair's cost, or nullopt when the two may never play: the same user (two tabs), a block
// between them (keptApart), or rules preferences that differ (neither is "any"). Cost = |rating difference| − 12 per
// missed wave of each (capped) + 9000 when either's rank window is violated.
std::optional<double> pairCost(const PoolEntry& a, const PoolEntry& b);
// The most a pair may cost: max(100, rating / 15), 130 below rating 1000 (lichess), taking
// the more lenient of the two players' limits.
double maxPairCost(const PoolEntry& a, const PoolEntry& b);
// pairCost within maxPairCost, else nullopt.
std::optional<double> allowedCost(const PoolEntry& a, const PoolEntry& b);

// Exact up to this many entries at once (dynamic programming over subsets: 2^n states,
// n choices each; 2^16 · 16 ≈ 10^6 steps, under a millisecond). A larger pool is sorted by
// rating and cut into runs of this size, each paired exactly: allowed pairs are at most a few
// hundred rating points apart, so pairs across a cut are rare and the loss is small. Lichess
// runs a wave at once when 20–40 have joined, so a wave rarely holds more.
inline constexpr std::size_t kExactPairingLimit = 16;

// The wave's pairs as indices into `entries` (smaller index first, ordered by it). Among all
// sets of allowed disjoint pairs: the most pairs, then the least total cost.
std::vector<std::pair<std::size_t, std::size_t>> pairWave(const std::vector<PoolEntry>& entries);

// The rules a pair plays: the one preference that is not "any", or `fallback` when both are.
std::string agreedRules(const PoolEntry& a, const PoolEntry& b, const std::string& fallback);

}  // namespace tengen::site
