#include "site/analysis/live_moves.h"

namespace tengen::site {

void LiveMoves::changed(const RoomChange& change) {
  if (change.event != RoomEvent::Committed && change.event != RoomEvent::Followed) return;
  // A game in play before or after the change: its first move, its moves, and its last one.
  if (change.before != game::Phase::Play && change.machine.phase() != game::Phase::Play) return;
  noteMove();
}

void LiveMoves::noteMove() {
  lastMove_.store(std::chrono::steady_clock::now().time_since_epoch().count(),
                  std::memory_order_relaxed);
}

std::chrono::steady_clock::duration LiveMoves::sinceLastMove() const {
  const auto last = lastMove_.load(std::memory_order_relaxed);
  if (last == std::chrono::steady_clock::duration::min().count()) {
    return std::chrono::steady_clock::duration::max();
  }
  return std::chrono::steady_clock::now().time_since_epoch() -
         std::chrono::steady_clock::duration(last);
}

}  // namespace tengen::site
