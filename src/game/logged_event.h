#pragma once

#include <cstdint>
#include <string>

namespace tengen::game {

// One entry of a game's append-only log. `seq` runs 1, 2, 3... within a game and is also the
// event's version as clients see it.
struct LoggedEvent {
  int64_t game = 0;
  int64_t seq = 0;
  std::string type;     // move, pass, resign, undo_request, undo_accept, removal_set, ...
  std::string payload;  // JSON text; any bytes are kept exactly
  int64_t timeMs = 0;
  bool operator==(const LoggedEvent&) const = default;
};

}  // namespace tengen::game
