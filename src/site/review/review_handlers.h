#pragma once

// WebSocket messages of review boards (docs/protocol.md, "Reviews"): review_create,
// review_follow, review_unfollow, review_edit, review_control and review_chat. Creating and
// a board's first follow read the store, so they run on the blocking pool and answer later.

#include "server/message_handlers.h"
#include "site/review/review_service.h"
#include "site/site_context.h"

namespace tengen::site {

void addReviewHandlers(server::MessageHandlers& handlers, SiteContext& context,
                       ReviewService& reviews);

}  // namespace tengen::site
