#include "bot/search_seam.h"

#include "bot/playout_policy.h"
#include "bot/priors.h"
#include "go/playout.h"

namespace tengen::bot {

int playOut(const PlayoutPolicy* policy, go::Board& board, go::Color toMove, go::Point last,
            go::Point last2, go::Random& rng, bool allowSuicide, int maxMoves,
            std::vector<PlayedStone>& stones, const LastGoodReplies* replies) {
  if (policy != nullptr) {
    return runPlayout(*policy, board, toMove, last, last2, rng, allowSuicide, maxMoves,
                      [&](go::Point p, go::Color c) {
                        stones.push_back({p, c});
                      },
                      replies);
  }
  int passes = 0;
  int moves = 0;
  go::Color c = toMove;
  while (passes < 2 && moves < maxMoves) {
    const go::Point p = go::randomMove(board, c, rng, allowSuicide);
    if (p == go::kPass) {
      ++passes;
      board.pass();
    } else {
      passes = 0;
      board.play(p, c);
      stones.push_back({p, c});
    }
    ++moves;
    c = go::opponent(c);
  }
  return moves;
}

void nodePriors(const PlayoutPolicy* policy, const PriorOptions& options, const go::Board& board,
                go::Color c, go::Point last, go::Point last2, std::span<const go::Point> candidates,
                std::span<NodePrior> out) {
  if (policy == nullptr) {
    // Gelly and Silver's even-game prior: a new move starts as ten playouts won half the time.
    for (std::size_t i = 0; i < candidates.size(); ++i) out[i] = NodePrior{10, 5};
    return;
  }
  static_assert(sizeof(Prior) == sizeof(NodePrior));
  std::vector<Prior> priors(candidates.size());
  computePriors(board, c, last, last2, candidates, priors, options);
  for (std::size_t i = 0; i < candidates.size(); ++i) {
    out[i] = NodePrior{priors[i].visits, priors[i].wins};
  }
}

const PlayoutPolicy* sharedPlayoutPolicy(bool heavy) {
  static const PlayoutPolicy policy;
  return heavy ? &policy : nullptr;
}

}  // namespace tengen::bot
