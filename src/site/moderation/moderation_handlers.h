#pragma once

// The moderation messages (docs/protocol.md, "Moderation"): moderation_status, block,
// unblock, report, and the moderators' mod_overview and mod_action. Each needs a signed-in
// socket; the work runs on the blocking pool and answers through the socket.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

class ModerationService;

void addModerationHandlers(server::MessageHandlers& handlers, SiteContext& context,
                           ModerationService& service);

}  // namespace tengen::site
