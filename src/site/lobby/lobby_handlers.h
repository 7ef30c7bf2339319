#pragma once

// WebSocket messages of the lobby (docs/protocol.md, "Lobby"): lobby_subscribe,
// lobby_unsubscribe, create_table, join_table, cancel_table; and the session hooks that keep
// the players online and drop a closed socket from its rooms and the lobby.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

void addLobbyHandlers(server::MessageHandlers& handlers, SiteContext& context);
void addSessionHooks(server::MessageHandlers& handlers, SiteContext& context);

}  // namespace tengen::site
