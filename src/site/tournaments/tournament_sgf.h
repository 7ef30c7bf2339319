#pragma once

// The games of a tournament as one SGF collection (GET /api/tournaments/{id}/games.sgf): every
// board that opened a game, by round then board, each game as GET /api/games/{id}/sgf writes it
// with the tournament's name (EV) and its round and board (RO) added to its root.
// Blocks on the store: run it on the blocking pool.

#include <string>

#include "base/result.h"
#include "site/tournaments/tournament_state.h"
#include "store/store.h"

namespace tengen::site {

Result<std::string> tournamentGamesSgf(store::Store& store, const TournamentState& state);

}  // namespace tengen::site
