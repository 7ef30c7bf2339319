#pragma once

// WebSocket messages of automatch and challenges (docs/protocol.md, "Automatch and
// challenges"): automatch_find, automatch_cancel, challenge_player, challenge_answer,
// challenge_cancel; and the session hooks that tell the Matchmaker who is online.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

class Matchmaker;

void addAutomatchHandlers(server::MessageHandlers& handlers, SiteContext& context,
                          Matchmaker& matchmaker);

}  // namespace tengen::site
