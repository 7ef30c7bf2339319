#include "go/regions.h"

namespace tengen::go {

std::vector<EmptyRegion> emptyRegions(const Board& board) {
  const Geometry& g = board.geometry();
  const auto offsets = board.neighbourOffsets();
  std::vector<EmptyRegion> regions;
  PointSet visited;
  std::vector<Point> stack;
  for (Point start = g.first(); start <= g.last(); ++start) {
    if (board.at(start) != Color::Empty || visited.contains(start)) continue;
    EmptyRegion region;
    stack.assign(1, start);
    visited.insert(start);
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      region.points.insert(p);
      ++region.size;
      for (int d : offsets) {
        const Point n = static_cast<Point>(p + d);
        switch (board.at(n)) {
          case Color::Empty:
            if (!visited.contains(n)) {
              visited.insert(n);
              stack.push_back(n);
            }
            break;
          case Color::Black:
            region.touchesBlack = true;
            break;
          case Color::White:
            region.touchesWhite = true;
            break;
          case Color::Border:
            break;
        }
      }
    }
    regions.push_back(std::move(region));
  }
  return regions;
}

}  // namespace tengen::go
