#include "go/handicap.h"

namespace tengen::go {

int maxFixedHandicap(int size) {
  if (size < 7) return 0;
  if (size % 2 == 0 || size == 7) return 4;
  return 9;
}

std::optional<std::vector<Point>> fixedHandicap(int size, int n) {
  if (n < 2 || n > maxFixedHandicap(size)) return std::nullopt;
  const Geometry g(size);
  const int low = size < 12 ? 2 : 3;  // 0-based line of the star points
  const int high = size - 1 - low;
  const int mid = size / 2;
  std::vector<Point> stones = {g.point(low, low), g.point(high, high)};
  if (n >= 3) stones.push_back(g.point(low, high));
  if (n >= 4) stones.push_back(g.point(high, low));
  if (n >= 6) {
    stones.push_back(g.point(low, mid));
    stones.push_back(g.point(high, mid));
  }
  if (n >= 8) {
    stones.push_back(g.point(mid, low));
    stones.push_back(g.point(mid, high));
  }
  if (n % 2 == 1 && n >= 5) stones.push_back(g.point(mid, mid));
  return stones;
}

}  // namespace tengen::go
