#pragma once

// When this node last saw a live game move: the engine reviewer (engine_reviewer.h) steps
// aside while moves arrive. A room subscriber (room_subscriber.h) that only stores the time
// of every change to a game in play, committed here or followed from another node (both make
// this node's sockets busy), so it costs a room one clock read and one relaxed store.
//
// Thread-safe: changed() runs on any room's strand, sinceLastMove() on the reviewer's thread.

#include <atomic>
#include <chrono>

#include "site/rooms/room_subscriber.h"

namespace tengen::site {

class LiveMoves : public RoomSubscriber {
 public:
  void changed(const RoomChange& change) override;
  // Time since the last live move this node saw; very large if none yet.
  std::chrono::steady_clock::duration sinceLastMove() const;
  // Notes a live move now (what changed() does for a game in play; tests call it directly).
  void noteMove();

 private:
  // steady_clock ticks of the last move; min: none yet.
  std::atomic<std::chrono::steady_clock::rep> lastMove_{
      std::chrono::steady_clock::duration::min().count()};
};

}  // namespace tengen::site
