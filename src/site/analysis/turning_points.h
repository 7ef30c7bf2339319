#pragma once

// A game's turning points for its engine review (docs/protocol.md, "Engine review"): the
// moves after which the mover's win rate fell the most, as players ask "where did I lose
// it?". Only falls of at least kMinTurningDrop count: a game played evenly throughout has
// none, rather than five moves picked from the search's noise.

#include <cstdint>
#include <string>
#include <vector>

#include "store/store.h"

namespace tengen::site {

inline constexpr int kTurningPoints = 5;
// Ten points of win rate: several times the standard error of a review's win rates
// (position_review.h).
inline constexpr double kMinTurningDrop = 0.10;

struct TurningPoint {
  int64_t moveNumber = 0;  // the move that lost the win rate (1: the first move)
  double drop = 0;         // how much of the mover's win rate it lost, 0..1
  std::string bestMove;    // what the bot would have played instead (GTP text or "pass")
  bool operator==(const TurningPoint&) const = default;
};

// At most `count` moves whose mover's win rate fell by at least `minDrop`, the largest fall
// first (an earlier move first among equal falls). `positions` are a review's, in move order
// from 0; the mover of move k is the side to move at position k - 1.
std::vector<TurningPoint> turningPoints(const std::vector<store::EngineReviewPosition>& positions,
                                        int count = kTurningPoints,
                                        double minDrop = kMinTurningDrop);

}  // namespace tengen::site
