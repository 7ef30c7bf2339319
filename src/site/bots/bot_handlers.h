#pragma once

// The bot messages of docs/protocol.md, "Bots": challenge_bot (a human against a bot) and
// bot_match (two bots, the requester watches). Each checks the table as create_table does,
// then the bots' declarations and game slots, creates the game on the blocking pool, seats
// the bots' drivers and starts the game at once.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

void addBotHandlers(server::MessageHandlers& handlers, SiteContext& context);

}  // namespace tengen::site
