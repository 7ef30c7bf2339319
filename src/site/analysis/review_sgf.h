#pragma once

// A game's SGF with its engine review (GET /api/games/{id}/sgf?review=1, docs/protocol.md
// "Engine review"): each move's node gets a comment with the bot's view after it and the move
// it preferred there, `C[B win 57.3%, B+4.5; bot: Q16]`, which every SGF reader shows as the
// move's comment. A comment the node had already is kept, the review's after it.

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "store/store.h"

namespace tengen::site {

// The comment for the move that led to `after`, the bot having preferred `preferred` there.
std::string reviewComment(const store::EngineReviewPosition& after, std::string_view preferred);

// `sgf` (a game the server wrote, so its main line holds one move per node after the root)
// with the comments of `positions` (the review of that game, from position 0).
Result<std::string> withReviewComments(std::string_view sgf,
                                       const std::vector<store::EngineReviewPosition>& positions);

}  // namespace tengen::site
