#pragma once

// WebSocket messages of the game rooms (docs/protocol.md, "Game rooms"): watch, unwatch and
// the player commands. Each handler runs on the session's strand, checks the envelope fields,
// hands the work to the game's room and returns nullopt; the room answers through
// SessionContext::send with the request's id.

#include <cstdint>

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

struct RoomRequest;

void addGameHandlers(server::MessageHandlers& handlers, SiteContext& context);

// Hands `request` to the game's room, loading it if needed; unknown games answer not_found.
void submitToRoom(SiteContext& context, int64_t gameId, RoomRequest request);

// Wraps a site handler with the per-session rate limit (docs/protocol.md, "Rate limit").
server::MessageHandler rateLimited(server::MessageHandler handler);

}  // namespace tengen::site
