#pragma once

// Rebuilds a game from the store (the truth): its settings row, the owner's name and the
// replay of its event log. Blocking: run it on the blocking pool.

#include <cstdint>
#include <optional>
#include <vector>

#include "base/result.h"
#include "game/game_machine.h"
#include "store/store.h"

namespace tengen::site {

struct LoadedRoom {
  store::GameSettings settings;  // the row as stored: what replay starts from
  game::Player owner;
  std::vector<store::GameEvent> events;
  game::GameMachine machine;
};

// nullopt for an unknown game; an error for I/O failures or a log that does not replay.
Result<std::optional<LoadedRoom>> loadRoom(store::Store& store, int64_t gameId);

// The owner of a game as a Player (name "" if the user row is gone).
Result<game::Player> loadOwner(store::Store& store, int64_t ownerUserId);

}  // namespace tengen::site
