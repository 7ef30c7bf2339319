#include "bot/widening.h"

#include <algorithm>
#include <bit>
#include <climits>
#include <cmath>

namespace tengen::bot {

int widenedChildren(const Widening& w, int visits) {
  if (w.initial <= 0) return INT_MAX;
  const double grown = std::log(1.0 + std::max(visits, 0) / w.visits) / std::log(w.factor);
  return w.initial + static_cast<int>(std::min(grown, 1e6));
}

void rankByPrior(std::span<const NodePrior> priors, std::span<std::uint16_t> ranks,
                 std::vector<std::uint64_t>& keys) {
  const std::size_t n = std::min(priors.size(), ranks.size());
  // Every expansion ranks all its children, a few hundred on 19x19: one integer key each
  // (the advantage, best first, then the index, so ties go by index and the order is total)
  // sorts as plain integers, where a comparator would work out two floats a comparison.
  keys.resize(n);
  for (std::size_t i = 0; i < n; ++i) {
    // + 0.0f makes -0 into +0, which the float comparison holds equal.
    const float advantage = priors[i].wins - priors[i].visits / 2 + 0.0f;
    const auto bits = std::bit_cast<std::uint32_t>(advantage);
    // IEEE floats order by sign and magnitude: flipping every bit of a negative one and the
    // sign bit of a positive one orders them as unsigned integers; the complement of that
    // puts the largest first.
    const std::uint32_t ascending = (bits & 0x80000000u) != 0 ? ~bits : bits | 0x80000000u;
    keys[i] = (std::uint64_t{~ascending} << 32) | i;
  }
  std::sort(keys.begin(), keys.end());
  for (std::size_t r = 0; r < n; ++r) {
    ranks[keys[r] & 0xFFFFu] = static_cast<std::uint16_t>(r);
  }
}

}  // namespace tengen::bot
