#pragma once

#include "base/result.h"
#include "game/game_machine.h"
#include "store/store.h"

namespace tengen::site {

// The ranks a game record names its players with (SGF BR/WR): each seated account's overall
// rank as it stood when the game started, shown as the site shows it ("6k?" while
// provisional, players-reference section 2). Guests and open seats have none. Reads the
// store: call it on a blocking pool.
Result<game::SgfRanks> sgfRanksOf(store::Store& store, const game::GameMachine& machine);

}  // namespace tengen::site
