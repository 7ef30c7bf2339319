#pragma once

// GET /api/tournaments (newest first), GET /api/tournaments/{id} (the tournament with its
// rounds and standings) and GET /api/tournaments/{id}/results.txt (the EGF results file), for
// the web page, bots and other programs (docs/protocol.md, "Tournaments").

#include "server/router.h"
#include "site/site_context.h"

namespace tengen::site {

class TournamentService;

void addTournamentRoutes(server::Router& router, SiteContext& context, TournamentService& service);

}  // namespace tengen::site
