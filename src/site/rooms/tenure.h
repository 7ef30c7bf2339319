#pragma once

// Whether this node runs a game (room_network.h): it does while it holds the game's lease. With one
// node alone there are no leases and every room runs its game.

#include <cstdint>
#include <optional>

#include "store/store.h"

namespace tengen::site {

struct Tenure {
  std::optional<store::GameLease> lease;  // held by this node: its room decides and appends
  // Taken from a node that stopped renewing: that node's last renewal, up to which the
  // running clock is charged when the room restarts it (the rest is nobody's time).
  std::optional<int64_t> aliveUntilMs;
};

}  // namespace tengen::site
