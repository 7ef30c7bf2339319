#include "bot/widening.h"

#include <algorithm>
#include <climits>
#include <cmath>
#include <numeric>

namespace tengen::bot {

int widenedChildren(const Widening& w, int visits) {
  if (w.initial <= 0) return INT_MAX;
  const double grown = std::log(1.0 + std::max(visits, 0) / w.visits) / std::log(w.factor);
  return w.initial + static_cast<int>(std::min(grown, 1e6));
}

void rankByPrior(std::span<const NodePrior> priors, std::span<std::uint16_t> ranks,
                 std::vector<std::uint16_t>& order) {
  const std::size_t n = std::min(priors.size(), ranks.size());
  order.resize(n);
  std::iota(order.begin(), order.end(), std::uint16_t{0});
  auto advantage = [&](std::size_t i) { return priors[i].wins - priors[i].visits / 2; };
  // Ties by index make the order total, so std::sort (which, unlike std::stable_sort,
  // allocates nothing) gives the same ranks every time.
  std::sort(order.begin(), order.end(), [&](std::uint16_t a, std::uint16_t b) {
    const float da = advantage(a);
    const float db = advantage(b);
    return da != db ? da > db : a < b;
  });
  for (std::size_t r = 0; r < n; ++r) ranks[order[r]] = static_cast<std::uint16_t>(r);
}

}  // namespace tengen::bot
