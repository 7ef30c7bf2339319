#pragma once

// WebSocket messages of conditional moves (docs/protocol.md, "Conditional moves"):
// conditional_moves_get and conditional_moves_set, each answered with the player's plan for the
// game as `conditional_moves`. A plan is checked against the game as the store holds it (the
// truth on every node), on the blocking pool.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

void addConditionalHandlers(server::MessageHandlers& handlers, SiteContext& context);

}  // namespace tengen::site
