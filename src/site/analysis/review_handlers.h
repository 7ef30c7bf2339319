#pragma once

// The WebSocket message `engine_review` (docs/protocol.md, "Engine review"): a finished game's
// engine review as far as it is made, and, with "start": true, a request to make it. The
// review is read from the store (the truth, made once per game and budget) on the blocking
// pool; one underway is followed (engine_reviewer.h); asking for a new one reserves the
// user's place before the game is read, so a user past the limit costs no replay.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

class EngineReviewer;

void addReviewHandlers(server::MessageHandlers& handlers, SiteContext& context,
                       EngineReviewer& reviewer);

}  // namespace tengen::site
