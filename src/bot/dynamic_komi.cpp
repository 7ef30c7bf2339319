#include "bot/dynamic_komi.h"

#include <algorithm>
#include <cmath>

namespace tengen::bot {
namespace {

// The move by which a handicap's worth has played out on a `boardSize` board:
// kDynamicKomiMoves19 scaled by the board's area, rounded to a whole move.
int handicapHorizon(int boardSize) {
  return static_cast<int>(std::round(kDynamicKomiMoves19 * boardSize * boardSize / (19.0 * 19.0)));
}

}  // namespace

double dynamicKomi(int boardSize, int handicapStones, int movesPlayed) {
  if (handicapStones < 2 || boardSize < kDynamicKomiMinSize) return 0;
  const double horizon = handicapHorizon(boardSize);
  const double left = std::max(0.0, 1.0 - movesPlayed / horizon);
  return kDynamicKomiPerStone * handicapStones * left;
}

}  // namespace tengen::bot
