#include "bot/dynamic_komi.h"

#include <algorithm>
#include <cmath>

namespace tengen::bot {

int handicapHorizon(int boardSize) {
  return static_cast<int>(std::round(kDynamicKomiMoves19 * boardSize * boardSize / (19.0 * 19.0)));
}

double dynamicKomi(int boardSize, int handicapStones, int movesPlayed) {
  if (handicapStones < 2 || boardSize < kDynamicKomiMinSize) return 0;
  const double horizon = handicapHorizon(boardSize);
  const double left = std::max(0.0, 1.0 - movesPlayed / horizon);
  return kDynamicKomiPerStone * handicapStones * left;
}

}  // namespace tengen::bot
