#pragma once

// The REST routes of games (docs/protocol.md, "Games (REST)"): GET /api/rules, /api/games,
// /api/games/{id} and /api/games/{id}/sgf. Store reads run on the site's blocking pool; live
// games answer from their room's latest summary.

#include "server/router.h"
#include "site/site_context.h"

namespace tengen::site {

void addGameRoutes(server::Router& router, SiteContext& context);

}  // namespace tengen::site
