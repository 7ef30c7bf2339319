#pragma once

// The WebSocket messages of tournaments (docs/protocol.md, "Tournaments"): tournament_create,
// tournament_join, tournament_withdraw, tournament_check_in and the directors'
// tournament_add_player, tournament_remove_player, tournament_add_director,
// tournament_start_round, tournament_set_result. Each answers with the tournament as it now
// stands (`{"type":"tournament",…}`) or an error; registered accounts only.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

class TournamentService;

void addTournamentHandlers(server::MessageHandlers& handlers, SiteContext& context,
                           TournamentService& service);

}  // namespace tengen::site
