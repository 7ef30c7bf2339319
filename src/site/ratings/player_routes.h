#pragma once

#include "server/router.h"
#include "site/site_context.h"

namespace tengen::site {

// GET /api/players/{name}: the player's rank and ratings per category, and their latest rating
// points for a graph (docs/protocol.md, "Players"). Store reads run on the blocking pool.
void addPlayerRoutes(server::Router& router, SiteContext& context);

}  // namespace tengen::site
