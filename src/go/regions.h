#pragma once

#include <vector>

#include "go/board.h"
#include "go/point_set.h"

namespace tengen::go {

// A maximal connected set of empty points and the colours of the stones around it.
struct EmptyRegion {
  PointSet points;
  int size = 0;
  bool touchesBlack = false;
  bool touchesWhite = false;

  // The colour that alone surrounds the region, or Empty if both or neither do.
  Color owner() const {
    if (touchesBlack == touchesWhite) return Color::Empty;
    return touchesBlack ? Color::Black : Color::White;
  }
};

std::vector<EmptyRegion> emptyRegions(const Board& board);

}  // namespace tengen::go
