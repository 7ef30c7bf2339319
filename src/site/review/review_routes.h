#pragma once

// REST routes of reviews and the SGF library (docs/protocol.md, "Reviews"):
//   GET    /api/reviews/{id}.sgf           the review's tree as SGF (the live one if open)
//   GET    /api/reviews?game=N | ?owner=X  reviews of a game, or owned by a player
//   GET    /api/library                    the logged-in player's uploads and their caps
//   POST   /api/library                    uploads an SGF file: {"name", "data": base64}
//   DELETE /api/library/{id}               deletes one of the player's uploads
// Store calls run on the blocking pool.

#include <functional>
#include <optional>
#include <string_view>

#include "server/message_handlers.h"
#include "server/router.h"
#include "site/review/review_service.h"
#include "site/site_context.h"

namespace tengen::site {

using CookieUser = std::function<std::optional<server::SessionUser>(std::string_view cookie)>;

void addReviewRoutes(server::Router& router, SiteContext& context, ReviewService& reviews,
                     CookieUser cookieUser);

}  // namespace tengen::site
