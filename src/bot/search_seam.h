#pragma once

// The one place where the search meets the playout policy and the move priors (written
// separately, in playout_policy.h and priors.h), so the search does not change when they
// do. With a null policy the search uses light random playouts and an even prior.

#include <span>
#include <vector>

#include "go/board.h"
#include "go/random.h"

namespace tengen::bot {

class PlayoutPolicy;
class LastGoodReplies;
struct PriorOptions;

// Virtual playouts added to a new child before search.
struct NodePrior {
  float visits = 0;
  float wins = 0;
};

struct PlayedStone {
  go::Point point;
  go::Color color;
};

// Plays the game out on `board` from `toMove` until two passes in a row or maxMoves and
// appends every stone played to `stones` (for AMAF). `replies` (null: none) are the heavy
// policy's last good replies. Returns the number of moves.
int playOut(const PlayoutPolicy* policy, go::Board& board, go::Color toMove, go::Point last,
            go::Point last2, go::Random& rng, bool allowSuicide, int maxMoves,
            std::vector<PlayedStone>& stones, const LastGoodReplies* replies = nullptr);

// Priors for the children `candidates` (legal for `c`) of a new node; `last` and `last2` are
// the two moves before it. `options` are priors.h's (hand-made or learned).
void nodePriors(const PlayoutPolicy* policy, const PriorOptions& options, const go::Board& board,
                go::Color c, go::Point last, go::Point last2, std::span<const go::Point> candidates,
                std::span<NodePrior> out);

// The heavy playout policy, one shared read-only instance; null for light playouts (uniform
// random moves and an even prior), the baseline it is measured against.
const PlayoutPolicy* sharedPlayoutPolicy(bool heavy);

}  // namespace tengen::bot
