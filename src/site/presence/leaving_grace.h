#pragma once

// How long a player may be gone before the one who stayed may claim the win or annul the
// game (docs/protocol.md "Leaving a game"; players-reference 1.3).

#include <cstdint>
#include <optional>

#include "game/game_clock.h"
#include "site/site_limits.h"

namespace tengen::site {

// The grace in ms for a game of this clock on this board, or nullopt when the clock itself
// handles absence and nothing may be claimed:
// - a correspondence clock (more than an hour per move): being away for hours is how such a
//   game is played, and the absent player's clock runs out in the end anyway;
// - live and blitz clocks: five moves' worth of time (OGS's time per move, secondsPerMove),
//   at least 30 s (a reload or a phone changing networks) and at most 5 minutes (OGS
//   auto-resigns a live game after about 5 minutes of absence);
// - no clock: 10 minutes. Nothing else would ever end the game, and a game meant to last
//   days should use a correspondence clock.
// `limits.claimGrace` replaces the first two when set.
std::optional<int64_t> claimGraceMs(const game::TimeControl& clock, int boardSize,
                                    const SiteLimits& limits);

}  // namespace tengen::site
