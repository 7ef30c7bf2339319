#pragma once

// The JSON of GET /api/tournaments/{id} and of the replies to tournament actions
// (docs/protocol.md, "Tournaments"): settings, directors, players, rounds with their boards,
// and the standings computed by the engine.

#include <boost/json/object.hpp>

#include <cstdint>
#include <map>
#include <string>

#include "site/tournaments/tournament_state.h"

namespace tengen::site {

// `names`: user id to account name, for the directors.
boost::json::object tournamentJson(const TournamentState& state,
                                   const std::map<int64_t, std::string>& names);
// One row of GET /api/tournaments.
boost::json::object tournamentSummaryJson(const store::TournamentRow& row);
// A tournament game as `user`, one of its players, is told of it (`tournament_game`, without
// its type): the tournament, round, board, game, the user's colour and the opponent.
boost::json::object tournamentGameJson(const store::TournamentGameInPlay& game, int64_t user);

}  // namespace tengen::site
