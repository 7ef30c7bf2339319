#pragma once

// What an event changes beyond the board, as the room's bookkeeping needs to know.

#include <variant>

#include "game/game_events.h"

namespace tengen::site {

// Events after which the game's summary differs at most in its move number: most of a game.
// For these the room and the lobby update the number in place instead of rebuilding and
// copying the whole summary.
inline bool touchesOnlyMoveNumber(const game::Event& event) {
  return std::holds_alternative<game::MoveEvent>(event) ||
         std::holds_alternative<game::PassEvent>(event) ||
         std::holds_alternative<game::ChatEvent>(event) ||
         std::holds_alternative<game::UndoRequestEvent>(event) ||
         std::holds_alternative<game::RemovalToggleEvent>(event);
}

}  // namespace tengen::site
