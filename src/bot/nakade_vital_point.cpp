#include "bot/nakade_vital_point.h"

#include <algorithm>

namespace tengen::bot {

using go::Board;
using go::Color;
using go::Point;

namespace {

constexpr int kMostPoints = 5;

// The region of empty points through `start` enclosed by `owner` (and the edge), in `region`,
// or 0 when it is larger than kMostPoints or touches a stone of the other colour.
int enclosedRegion(const Board& board, Point start, Color owner, Point* region) {
  int n = 0;
  region[n++] = start;
  for (int i = 0; i < n; ++i) {
    for (const int d : board.neighbourOffsets()) {
      const Point q = static_cast<Point>(region[i] + d);
      const Color qc = board.at(q);
      if (qc == Color::Border || qc == owner) continue;
      if (qc != Color::Empty) return 0;
      if (std::find(region, region + n, q) != region + n) continue;
      if (n == kMostPoints) return 0;
      region[n++] = q;
    }
  }
  return n;
}

}  // namespace

Point nakadeVitalPoint(const Board& board, Point last) {
  const Color owner = board.at(last);
  if (owner != Color::Black && owner != Color::White) return go::kPass;
  for (const int d : board.neighbourOffsets()) {
    const Point start = static_cast<Point>(last + d);
    if (board.at(start) != Color::Empty) continue;
    Point region[kMostPoints];
    const int n = enclosedRegion(board, start, owner, region);
    if (n < 3) continue;
    int best = -1;
    int bestCount = 0;
    bool unique = false;
    for (int i = 0; i < n; ++i) {
      int count = 0;
      for (const int d2 : board.neighbourOffsets()) {
        const Point q = static_cast<Point>(region[i] + d2);
        count += std::find(region, region + n, q) != region + n ? 1 : 0;
      }
      if (count > bestCount) {
        best = i;
        bestCount = count;
        unique = true;
      } else if (count == bestCount) {
        unique = false;
      }
    }
    if (unique && (n == 3 || bestCount >= 3)) return region[best];
  }
  return go::kPass;
}

}  // namespace tengen::bot
