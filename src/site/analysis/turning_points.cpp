#include "site/analysis/turning_points.h"

#include <algorithm>

namespace tengen::site {

std::vector<TurningPoint> turningPoints(const std::vector<store::EngineReviewPosition>& positions,
                                        int count, double minDrop) {
  std::vector<TurningPoint> falls;
  for (size_t k = 1; k < positions.size(); ++k) {
    const store::EngineReviewPosition& before = positions[k - 1];
    const double blackFall = before.blackWinRate - positions[k].blackWinRate;
    const double drop = before.blackToMove ? blackFall : -blackFall;
    if (drop >= minDrop) {
      falls.push_back(TurningPoint{static_cast<int64_t>(k), drop, before.bestMove});
    }
  }
  std::stable_sort(falls.begin(), falls.end(),
                   [](const TurningPoint& a, const TurningPoint& b) { return a.drop > b.drop; });
  if (falls.size() > static_cast<size_t>(std::max(0, count))) falls.resize(std::max(0, count));
  return falls;
}

}  // namespace tengen::site
