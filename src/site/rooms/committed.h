#pragma once

// What a room tells those who follow its game after each durable change: the version the
// game is at and the events that brought it there, exactly as the log holds them. A follower
// applies the events whose seq comes next and reads the rest from the store
// (Store::loadEvents), so a lost or late message costs a read, never a wrong game.

#include <cstdint>
#include <vector>

#include "store/store.h"

namespace tengen::site {

struct Committed {
  int64_t gameId = 0;
  int64_t version = 0;                   // the game's version after these events
  std::vector<store::GameEvent> events;  // seq ascending, ending at `version`; may be empty
};

}  // namespace tengen::site
