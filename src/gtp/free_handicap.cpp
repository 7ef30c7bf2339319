#include "gtp/free_handicap.h"

#include <algorithm>
#include <limits>

#include "go/handicap.h"

namespace tengen::gtp {

namespace {

int edgeMargin(int size) {
  if (size >= 7) return 2;
  if (size >= 5) return 1;
  return 0;
}

}  // namespace

std::vector<go::Point> freeHandicap(int size, int n) {
  if (n < 2) return {};
  const go::Geometry g(size);
  const int fixedMax = go::maxFixedHandicap(size);
  if (n >= 2 && n <= fixedMax) return *go::fixedHandicap(size, n);

  std::vector<go::Point> stones;
  if (fixedMax >= 2) stones = *go::fixedHandicap(size, fixedMax);
  std::vector<go::Point> candidates;
  const int margin = edgeMargin(size);
  for (int row = margin; row < size - margin; ++row) {
    for (int col = margin; col < size - margin; ++col) {
      const go::Point p = g.point(col, row);
      if (std::find(stones.begin(), stones.end(), p) == stones.end()) candidates.push_back(p);
    }
  }
  const int total = static_cast<int>(candidates.size() + stones.size());
  const int limit = std::min(n, std::max(1, total / 2));

  while (static_cast<int>(stones.size()) < limit && !candidates.empty()) {
    std::size_t best = 0;
    long bestDistance = -1;
    for (std::size_t i = 0; i < candidates.size(); ++i) {
      long nearest = std::numeric_limits<long>::max();
      for (go::Point s : stones) {
        const long dc = g.col(candidates[i]) - g.col(s);
        const long dr = g.row(candidates[i]) - g.row(s);
        nearest = std::min(nearest, dc * dc + dr * dr);
      }
      if (nearest > bestDistance) {
        bestDistance = nearest;
        best = i;
      }
    }
    stones.push_back(candidates[best]);
    candidates.erase(candidates.begin() + static_cast<std::ptrdiff_t>(best));
  }
  return stones;
}

}  // namespace tengen::gtp
