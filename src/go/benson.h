#pragma once

#include <array>

#include "go/board.h"
#include "go/point_set.h"

namespace tengen::go {

// Benson's unconditional life: chains that no sequence of opponent moves can capture even
// if their owner always passes, and the regions they enclose in which the opponent can
// never make two eyes. Used for certain dead stones in scoring proposals.
struct PassAlive {
  std::array<PointSet, 2> stones;     // pass-alive stones, by colorIndex
  std::array<PointSet, 2> territory;  // pass-alive territory (empty and opponent points)
};

PassAlive passAlive(const Board& board);

}  // namespace tengen::go
