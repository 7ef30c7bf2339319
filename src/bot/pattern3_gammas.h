#pragma once

// The learned 3x3 pattern strengths (move_weights.h, group pattern3) by raw pattern code, as
// the playouts read codes (PatternTable::code: the neighbours seen from the mover), so the
// playout's pattern rule weighs a neighbour of the last move with one load instead of a
// canonicalisation. Also the strengths of being next to the last move orthogonally and
// diagonally (group distance_last, gridcular distances 2 and 3), which tell the two kinds of
// neighbour apart.
//
//   const bot::Pattern3Gammas& g = bot::Pattern3Gammas::builtIn();
//   float w = g[code] * g.orthogonal();

#include <cstdint>
#include <vector>

#include "bot/move_weights.h"

namespace tengen::bot {

class Pattern3Gammas {
 public:
  explicit Pattern3Gammas(const MoveWeights& weights);
  // Of MoveWeights::builtIn(), built on first use (thread-safe static).
  static const Pattern3Gammas& builtIn();

  float operator[](std::uint16_t code) const { return gamma_[code]; }
  float orthogonal() const { return orthogonal_; }
  float diagonal() const { return diagonal_; }

 private:
  std::vector<float> gamma_;  // 65536 codes
  float orthogonal_;
  float diagonal_;
};

}  // namespace tengen::bot
