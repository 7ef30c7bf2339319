#pragma once

// The WebSocket message `score_estimate` (docs/protocol.md, "Score estimate"): the estimated
// ownership and result of a game's position. The game is read from the store (the truth on
// every node) on the blocking pool, the estimate made on the ScoreEstimator's thread. While a
// game is played nobody may ask unless both players allowed it at that table (GameSettings::
// estimates): an estimate is help a player must not get from the server otherwise; the end
// of the game (its counting, or its record) opens it to everyone.

#include "server/message_handlers.h"
#include "site/site_context.h"

namespace tengen::site {

class ScoreEstimator;

void addEstimateHandlers(server::MessageHandlers& handlers, SiteContext& context,
                         ScoreEstimator& estimator);

}  // namespace tengen::site
