#pragma once

// UCT with RAVE over a shared tree (MoGo, Fuego, Pachi): select by a blend of each child's
// mean result and its all-moves-as-first (AMAF) result, expand after a few visits with
// prior knowledge as virtual playouts, play the rest of the game out with the playout
// policy, count the board and back the result up. Several threads share one tree.

#include <atomic>
#include <cstdint>
#include <vector>

#include "bot/priors.h"
#include "bot/search_tree.h"
#include "bot/widening.h"
#include "go/board.h"
#include "go/game.h"

namespace tengen::bot {

// Tuning knobs: defaults from the literature or from matches against GNU Go
// (docs/strength.md); BotOptions sets some of them (bot_search_config.h).
struct SearchConfig {
  // Silver's RAVE weight: beta = na / (na + n + n * na / raveEquivalence).
  double raveEquivalence = 3000;
  // A leaf becomes an inner node once it has this many real visits.
  int expandThreshold = 2;
  // The node pool a search gets (treeNodesFor): room for this share of the board's points at
  // each expansion it may make. An expansion adds a child for nearly every point in the
  // opening, so at 0.5 the pool fills part-way through most searches.
  double treeShare = 0.5;
  // UCB exploration on top of the priors; 0 relies on priors and RAVE alone.
  double exploration = 0.0;
  // Prior for the pass child (virtual visits, wins): pessimistic, so pass needs evidence.
  float passPriorVisits = 20;
  float passPriorWins = 6;
  // The children's priors (priors.h): hand-made, or the learned move weights.
  PriorOptions priors;
  // How much of a child's prior also counts in its AMAF statistics (Fuego initialises
  // both): 0, the prior weighs on the mean only, which the AMAF result outweighs once a
  // child has many more AMAF updates than visits; 1, the same virtual playouts in both.
  double amafPrior = 0;
  // Fuego's weighted RAVE updates: a move played soon after a node counts for more in that
  // node's AMAF statistics than one played near the end of the simulation, the weight
  // falling linearly from 2 for the next move to 0 at the end (amafWeight). The counters
  // then hold kAmafWeightUnit per unit of weight. Off: every update weighs 1.
  bool weightedAmaf = false;
  // Progressive widening over the children ranked by those priors (widening.h); off by
  // default.
  Widening widening;
  // Last good replies in the heavy playouts (last_good_reply.h), learned by each thread
  // from its own simulations during one search: 0 off, 1 or 2 moves of context.
  int lastGoodReply = 0;
  // The share of each simulation's value that comes from its margin rather than who won
  // (score_result.h); 0: who won alone.
  double scoreShare = 0;
};

// With SearchConfig::weightedAmaf, the AMAF counters' unit of weight: an update of weight 1
// adds 8, so the weights' fractions survive in the integer counters.
inline constexpr int kAmafWeightUnit = 8;

// The AMAF counters' units per update of weight 1 under `config`.
inline int amafUnit(const SearchConfig& config) {
  return config.weightedAmaf ? kAmafWeightUnit : 1;
}

// The weight, in kAmafWeightUnit units, of a move `distance` moves after a node (0: the
// node's own move) in a simulation that went on for `span` moves from it: a weight of 2
// falling linearly to 0 (Fuego's weighting), so that the mean weight is about 1.
inline int amafWeight(int distance, int span) {
  if (span <= 0) return kAmafWeightUnit;
  return (2 * kAmafWeightUnit * (span - distance) + span / 2) / span;
}

// The root position and what the rules make of it, prepared once per move.
struct SearchPosition {
  go::Board board;
  go::Color toMove = go::Color::Black;
  go::Point last = go::kNoPoint;   // the previous move (kPass, or kNoPoint if none)
  go::Point last2 = go::kNoPoint;  // the one before
  bool allowSuicide = false;
  // White's total compensation: komi plus the handicap bonus under the rules.
  double whiteBonus = 0;
  // Tromp-Taylor: the board counts as it stands when both pass (no dead-stone removal).
  bool scoreAsItStands = false;
  // The root's moves, legal under the full rules (superko included); kPass may be one.
  std::vector<go::Point> rootMoves;
  // Board hashes the tree must not recreate (positional superko approximation for moves
  // below the root): the root's board and the game's recent boards.
  std::vector<std::uint64_t> forbiddenHashes;
};

struct SearchLimitsResolved {
  int playouts = 0;    // 0: none
  double seconds = 0;  // 0: none
};

struct SearchStats {
  int playouts = 0;
  double seconds = 0;
  bool stoppedEarly = false;  // the best move could no longer be overtaken
  // Simulations run while the node pool was full: they could not grow the tree, so the
  // search read no deeper during them. With the pool treeNodesFor sizes, most searches from
  // an open board have some.
  int playoutsWithFullTree = 0;
};

// Tree nodes a search of `playouts` simulations on a board of `boardSize` may allocate: an
// expansion about every config.expandThreshold simulations, at config.treeShare (half) of the
// board's points each.
// An expansion makes a child for every legal move, nearly every point in the opening, so the
// pool fills before most searches end and the tree stops growing for their last simulations
// (SearchStats::playoutsWithFullTree counts them). Sized for every point, no 19x19 search
// filled it in the opening, but the bot won 12 of 40 games against GNU Go where this size
// won 21 of the same 40, at twice the memory (docs/strength.md, "A tree that stopped
// growing"), so this size stays until a paired measurement (`tengen gtp --tree-share`) says
// otherwise.
inline double treeNodesFor(double playouts, int boardSize, const SearchConfig& config) {
  const double points = boardSize * boardSize + 1;
  return playouts / config.expandThreshold * points * config.treeShare + 4 * points;
}

// The value selection ranks a child by: its mean result (prior included) blended with its
// AMAF result by Silver's beta, plus the UCB term; logParentVisits = log(1 + parent's
// visits).
double selectionValue(const Node& child, double logParentVisits, const SearchConfig& config);

class PlayoutPolicy;

class Search {
 public:
  Search(NodePool& pool, const SearchConfig& config, const PlayoutPolicy* policy);

  // Makes `root`'s children exactly position.rootMoves, keeping the statistics (and
  // subtrees) of children that were already there. Returns false if the pool is full.
  bool prepareRoot(NodeIndex root, const SearchPosition& position);

  // Searches from `root` on `threads` threads (the caller's included) until a limit,
  // `stop`, or the best move cannot be overtaken. Thread i draws from seed + i.
  SearchStats run(NodeIndex root, const SearchPosition& position,
                  const SearchLimitsResolved& limits, int threads, std::uint64_t seed,
                  const std::atomic<bool>& stop);

  // From the next run() on, adds who owns each point at the end of every simulation to
  // `sums` (go::addFinalOwners, indexed by Point, sized like the board's points); null
  // stops it. The tree search's answer to "who owns this", where plain playouts guess.
  void collectOwnership(std::vector<int>* sums) { ownerSums_ = sums; }

  // The root child with the most real visits (ties: the better mean), or kNoNode.
  NodeIndex bestChild(NodeIndex root) const;
  NodeIndex secondBestChild(NodeIndex root, NodeIndex best) const;

 private:
  struct Worker;
  void iterate(Worker& w, NodeIndex root, const SearchPosition& position);
  NodeIndex select(NodeIndex parent) const;
  bool expand(NodeIndex node, Worker& w, const go::Board& board, go::Color toMove, go::Point last,
              go::Point last2, std::size_t pathLength);
  void backup(Worker& w, int blackResultX2);

  NodePool& pool_;
  SearchConfig config_;
  const PlayoutPolicy* policy_;  // null: light random playouts
  std::atomic<bool> poolFull_{false};
  std::vector<int>* ownerSums_ = nullptr;
};

}  // namespace tengen::bot
