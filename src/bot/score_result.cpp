#include "bot/score_result.h"

#include <algorithm>

namespace tengen::bot {

namespace {

int winX2(double blackMargin) { return blackMargin > 0 ? 2 : blackMargin < 0 ? 0 : 1; }

// Uniform in [0, 1) with the 53 bits a double holds.
double unit(go::Random& rng) { return static_cast<double>(rng.next() >> 11) * 0x1.0p-53; }

}  // namespace

double marginValue(double blackMargin, int boardSize) {
  return std::clamp(0.5 + blackMargin / (4.0 * boardSize), 0.0, 1.0);
}

double blackValue(double blackMargin, int boardSize, double share) {
  return (1 - share) * 0.5 * winX2(blackMargin) + share * marginValue(blackMargin, boardSize);
}

int scoredResultX2(double blackMargin, int boardSize, double share, go::Random& rng) {
  if (share <= 0 || unit(rng) >= share) return winX2(blackMargin);
  return unit(rng) < marginValue(blackMargin, boardSize) ? 2 : 0;
}

}  // namespace tengen::bot
