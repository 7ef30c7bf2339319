#include "bot/search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <thread>

#include "bot/last_good_reply.h"
#include "bot/score_result.h"
#include "bot/search_seam.h"
#include "go/ownership.h"
#include "go/playout.h"
#include "go/random.h"

namespace tengen::bot {

namespace {

using Clock = std::chrono::steady_clock;

// Adds v to a node's counter. Threads that share the tree need the locked add; a search's
// only thread does not, and backup makes some two hundred such adds a simulation on 19x19,
// each a few cycles as a load and a store against about twenty locked.
void addTo(std::atomic<std::int32_t>& counter, std::int32_t v, bool alone) {
  if (alone) {
    counter.store(counter.load(std::memory_order_relaxed) + v, std::memory_order_relaxed);
  } else {
    counter.fetch_add(v, std::memory_order_relaxed);
  }
}

}  // namespace

// One search thread's scratch space, allocated once per run.
struct Search::Worker {
  Worker(std::uint64_t seed, bool alone) : rng(seed), alone(alone) {}
  go::Random rng;
  // The only thread of its search: counters take plain adds (addTo).
  bool alone;
  go::Board board;
  std::vector<NodeIndex> path;
  std::vector<go::Color> pathMover;  // who is to move at path[i]
  std::vector<PlayedStone> moves;    // tree moves, then playout moves
  const SearchPosition* position = nullptr;
  std::vector<std::uint64_t> pathHashes;
  std::vector<go::Point> candidates;
  std::vector<NodePrior> priors;
  std::vector<std::uint16_t> ranks;     // widening.h's ranks of a new node's children
  std::vector<std::uint64_t> rankKeys;  // rankByPrior's scratch
  // AMAF: the colour that first played each point in the move sequence below a node, and
  // at which index of `moves` (SearchConfig::weightedAmaf).
  std::vector<go::Color> firstColor = std::vector<go::Color>(go::kMaxPoints, go::Color::Empty);
  std::vector<int> firstAt = std::vector<int>(go::kMaxPoints, 0);
  std::vector<int> owners;  // this thread's share of collectOwnership's sums; empty: none
  std::optional<LastGoodReplies> replies;  // SearchConfig::lastGoodReply; none when off
};

Search::Search(NodePool& pool, const SearchConfig& config, const PlayoutPolicy* policy)
    : pool_(pool), config_(config), policy_(policy) {}

bool Search::prepareRoot(NodeIndex root, const SearchPosition& position) {
  Node& node = pool_[root];
  const std::size_t n = position.rootMoves.size();
  if (n == 0) {
    node.childCount = 0;
    node.firstChild = kNoNode;
    node.state.store(Node::Expanded);
    return true;
  }
  const NodeIndex first = pool_.allocate(n);
  if (first == kNoNode) return false;
  std::vector<go::Point> points;
  for (go::Point p : position.rootMoves) {
    if (p != go::kPass) points.push_back(p);
  }
  std::vector<NodePrior> priors(points.size());
  nodePriors(policy_, config_.priors, position.board, position.toMove, position.last,
             position.last2, points, priors);
  std::vector<std::uint16_t> ranks(points.size(), 0);
  std::vector<std::uint64_t> rankKeys;
  if (config_.widening.initial > 0) rankByPrior(priors, ranks, rankKeys);
  std::size_t pi = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const go::Point move = position.rootMoves[i];
    Node& child = pool_[first + static_cast<NodeIndex>(i)];
    child.reset(move);
    if (move == go::kPass) {
      child.priorVisits = config_.passPriorVisits;
      child.priorWins = config_.passPriorWins;
    } else {
      child.priorVisits = priors[pi].visits;
      child.priorWins = priors[pi].wins;
      child.rank = ranks[pi];
      ++pi;
    }
  }
  // Keep what a reused tree learnt about the moves that are still legal.
  if (node.state.load() == Node::Expanded) {
    for (std::size_t i = 0; i < n; ++i) {
      Node& child = pool_[first + static_cast<NodeIndex>(i)];
      for (int j = 0; j < node.childCount; ++j) {
        const Node& old = pool_[node.firstChild + j];
        if (old.move != child.move) continue;
        child.visits.store(old.visits.load());
        child.winsX2.store(old.winsX2.load());
        child.amafVisits.store(old.amafVisits.load());
        child.amafWinsX2.store(old.amafWinsX2.load());
        child.firstChild = old.firstChild;
        child.childCount = old.childCount;
        child.state.store(old.state.load());
        break;
      }
    }
  }
  node.firstChild = first;
  node.childCount = static_cast<std::uint16_t>(n);
  node.state.store(Node::Expanded);
  return true;
}

double selectionValue(const Node& c, double logParentVisits, const SearchConfig& config) {
  const double n = c.visits.load(std::memory_order_relaxed) + c.priorVisits;
  const double mean = c.mean();
  const double unit = amafUnit(config);
  const double na =
      c.amafVisits.load(std::memory_order_relaxed) / unit + config.amafPrior * c.priorVisits;
  double value = mean;
  if (na > 0) {
    const double amaf = (0.5 * c.amafWinsX2.load(std::memory_order_relaxed) / unit +
                         config.amafPrior * c.priorWins) /
                        na;
    const double beta = na / (na + n + n * na / config.raveEquivalence);
    value = beta * amaf + (1 - beta) * mean;
  }
  if (config.exploration > 0) value += config.exploration * std::sqrt(logParentVisits / (n + 1));
  return value;
}

NodeIndex Search::select(NodeIndex parent) const {
  const Node& p = pool_[parent];
  const double logParent =
      config_.exploration > 0 ? std::log(1.0 + p.visits.load(std::memory_order_relaxed)) : 0;
  // Progressive widening: only the children ranked inside the window (pass has rank 0).
  const int window = widenedChildren(config_.widening, p.visits.load(std::memory_order_relaxed));
  NodeIndex best = kNoNode;
  double bestValue = -1e9;
  for (int i = 0; i < p.childCount; ++i) {
    const NodeIndex ci = p.firstChild + static_cast<NodeIndex>(i);
    const Node& c = pool_[ci];
    if (c.rank >= window) continue;
    const double value = selectionValue(c, logParent, config_);
    if (value > bestValue) {
      bestValue = value;
      best = ci;
    }
  }
  return best;
}

bool Search::expand(NodeIndex index, Worker& w, const go::Board& board, go::Color toMove,
                    go::Point last, go::Point last2, std::size_t pathLength) {
  Node& node = pool_[index];
  if (poolFull_.load(std::memory_order_relaxed)) return false;
  std::uint8_t expected = Node::Leaf;
  if (!node.state.compare_exchange_strong(expected, Node::Expanding, std::memory_order_acq_rel))
    return false;
  // Board-level legality plus no return to a board seen on the path or at the root:
  // positional superko, approximated (the game's older boards are not checked below the
  // root; such long cycles are rare, and the root's own moves are checked exactly). Every
  // ko rule gets this approximation below the root, ko=ing included (its hot stones and
  // repeated-play ban are not tracked in the tree): the move played is a root move, which
  // Game::legalPoints chose under the full rules.
  const bool allowSuicide = w.position->allowSuicide;
  // Points in index order rather than the empty list's, whose order changes as playouts
  // sample it: a node's children do not depend on that history, so a fixed seed replays the
  // same search.
  w.candidates.clear();
  const go::Geometry& g = board.geometry();
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const go::Point p = g.point(col, row);
      if (board.at(p) != go::Color::Empty) continue;
      if (board.check(p, toMove, allowSuicide) != go::MoveVerdict::Legal) continue;
      if (board.isEyeLike(p, toMove)) continue;
      const std::uint64_t h = board.hashAfter(p, toMove);
      const auto end = w.pathHashes.begin() + static_cast<std::ptrdiff_t>(pathLength);
      if (std::find(w.pathHashes.begin(), end, h) != end) continue;
      w.candidates.push_back(p);
    }
  }
  // Pass is a move in the tree after a pass (so the tree sees the game end there) and when
  // nothing else is left.
  const bool withPass = last == go::kPass || w.candidates.empty();
  const std::size_t count = w.candidates.size() + (withPass ? 1 : 0);
  const NodeIndex first = pool_.allocate(count);
  if (first == kNoNode) {
    poolFull_.store(true, std::memory_order_relaxed);
    node.state.store(Node::Leaf, std::memory_order_release);
    return false;
  }
  w.priors.assign(w.candidates.size(), NodePrior{});
  nodePriors(policy_, config_.priors, board, toMove, last, last2, w.candidates, w.priors);
  const bool widening = config_.widening.initial > 0;
  if (widening) {
    w.ranks.resize(w.candidates.size());
    rankByPrior(w.priors, w.ranks, w.rankKeys);
  }
  for (std::size_t i = 0; i < w.candidates.size(); ++i) {
    Node& child = pool_[first + static_cast<NodeIndex>(i)];
    child.move = w.candidates[i];
    child.priorVisits = w.priors[i].visits;
    child.priorWins = w.priors[i].wins;
    if (widening) child.rank = w.ranks[i];
  }
  if (withPass) {
    Node& child = pool_[first + static_cast<NodeIndex>(count - 1)];
    child.move = go::kPass;
    child.priorVisits = config_.passPriorVisits;
    child.priorWins = config_.passPriorWins;
  }
  node.firstChild = first;
  node.childCount = static_cast<std::uint16_t>(count);
  node.state.store(Node::Expanded, std::memory_order_release);
  return true;
}

void Search::iterate(Worker& w, NodeIndex root, const SearchPosition& pos) {
  w.board = pos.board;
  w.path.clear();
  w.pathMover.clear();
  w.moves.clear();
  w.pathHashes.assign(pos.forbiddenHashes.begin(), pos.forbiddenHashes.end());
  go::Color c = pos.toMove;
  go::Point last = pos.last;
  go::Point last2 = pos.last2;
  int passesInRow = last == go::kPass ? 1 : 0;
  bool gameOver = false;
  NodeIndex node = root;
  addTo(pool_[root].visits, 1, w.alone);
  w.path.push_back(root);
  w.pathMover.push_back(c);
  for (;;) {
    Node& n = pool_[node];
    if (n.state.load(std::memory_order_acquire) != Node::Expanded) {
      if (node == root || n.realVisits() < config_.expandThreshold ||
          !expand(node, w, w.board, c, last, last2, w.pathHashes.size()))
        break;
    }
    if (n.childCount == 0) break;
    const NodeIndex child = select(node);
    // The visit counts now, as a loss until the result comes back: a virtual loss that
    // steers other threads elsewhere meanwhile.
    addTo(pool_[child].visits, 1, w.alone);
    const go::Point m = pool_[child].move;
    if (m == go::kPass) {
      w.board.pass();
      ++passesInRow;
    } else {
      w.board.play(m, c);
      passesInRow = 0;
    }
    w.moves.push_back({m, c});
    w.pathHashes.push_back(w.board.hash());
    last2 = last;
    last = m;
    c = go::opponent(c);
    node = child;
    w.path.push_back(child);
    w.pathMover.push_back(c);
    if (passesInRow >= 2) {
      gameOver = true;
      break;
    }
  }
  // Two passes end the game. Under Tromp-Taylor the board counts as it stands; otherwise
  // dead stones come off first, which playing on approximates.
  if (!(gameOver && pos.scoreAsItStands)) {
    const int size = w.board.size();
    playOut(policy_, w.board, c, last, last2, w.rng, pos.allowSuicide, 3 * size * size, w.moves,
            w.replies ? &*w.replies : nullptr);
  }
  if (!w.owners.empty()) go::addFinalOwners(w.board, w.owners);
  const double margin = go::areaDifference(w.board) - pos.whiteBonus;
  const int blackResultX2 = margin > 0 ? 2 : margin < 0 ? 0 : 1;
  // The replies learn who won; the tree may also weigh by how much.
  if (w.replies) w.replies->learn(w.moves, blackResultX2);
  backup(w, config_.scoreShare > 0
                ? scoredResultX2(margin, w.board.size(), config_.scoreShare, w.rng)
                : blackResultX2);
}

void Search::backup(Worker& w, int blackResultX2) {
  auto resultFor = [&](go::Color c) {
    return c == go::Color::Black ? blackResultX2 : 2 - blackResultX2;
  };
  const std::size_t treeMoves = w.path.size() - 1;
  for (std::size_t i = 1; i < w.path.size(); ++i) {
    addTo(pool_[w.path[i]].winsX2, resultFor(w.pathMover[i - 1]), w.alone);
  }
  // AMAF (Gelly and Silver 2007): a child of a node gets the result if the node's mover
  // played the child's point first, anywhere later in this simulation. Filling from the
  // end backwards leaves each point with the colour (and index) of its first occurrence.
  const bool weighted = config_.weightedAmaf;
  const int moveCount = static_cast<int>(w.moves.size());
  // The index is only read by the weighting: unweighted, no store a move.
  for (std::size_t j = w.moves.size(); j-- > treeMoves;) {
    w.firstColor[w.moves[j].point] = w.moves[j].color;
    if (weighted) w.firstAt[w.moves[j].point] = static_cast<int>(j);
  }
  for (std::size_t d = treeMoves + 1; d-- > 0;) {
    if (d < treeMoves && w.moves[d].point != go::kPass) {
      w.firstColor[w.moves[d].point] = w.moves[d].color;
      if (weighted) w.firstAt[w.moves[d].point] = static_cast<int>(d);
    }
    const Node& n = pool_[w.path[d]];
    if (n.state.load(std::memory_order_acquire) != Node::Expanded) continue;
    const go::Color mover = w.pathMover[d];
    const int result = resultFor(mover);
    const int depth = static_cast<int>(d);
    for (int i = 0; i < n.childCount; ++i) {
      Node& child = pool_[n.firstChild + static_cast<NodeIndex>(i)];
      if (child.move == go::kPass || w.firstColor[child.move] != mover) continue;
      const int weight =
          weighted ? amafWeight(w.firstAt[child.move] - depth, moveCount - depth) : 1;
      addTo(child.amafVisits, weight, w.alone);
      addTo(child.amafWinsX2, result * weight, w.alone);
    }
  }
  for (const PlayedStone& s : w.moves) {
    if (s.point != go::kPass) w.firstColor[s.point] = go::Color::Empty;
  }
}

NodeIndex Search::bestChild(NodeIndex root) const {
  const Node& r = pool_[root];
  if (r.state.load() != Node::Expanded) return kNoNode;
  NodeIndex best = kNoNode;
  for (int i = 0; i < r.childCount; ++i) {
    const NodeIndex ci = r.firstChild + static_cast<NodeIndex>(i);
    if (best == kNoNode) {
      best = ci;
      continue;
    }
    const Node& c = pool_[ci];
    const Node& b = pool_[best];
    if (c.realVisits() > b.realVisits() ||
        (c.realVisits() == b.realVisits() && c.mean() > b.mean()))
      best = ci;
  }
  return best;
}

NodeIndex Search::secondBestChild(NodeIndex root, NodeIndex best) const {
  const Node& r = pool_[root];
  NodeIndex second = kNoNode;
  for (int i = 0; i < r.childCount; ++i) {
    const NodeIndex ci = r.firstChild + static_cast<NodeIndex>(i);
    if (ci == best) continue;
    if (second == kNoNode || pool_[ci].realVisits() > pool_[second].realVisits()) second = ci;
  }
  return second;
}

SearchStats Search::run(NodeIndex root, const SearchPosition& position,
                        const SearchLimitsResolved& limits, int threads, std::uint64_t seed,
                        const std::atomic<bool>& stop) {
  poolFull_.store(pool_.used() >= pool_.capacity());
  const auto start = Clock::now();
  std::atomic<int> started{0};
  std::atomic<int> completed{0};
  std::atomic<int> withFullTree{0};
  std::atomic<bool> done{false};
  bool stoppedEarly = false;
  std::mutex ownersMutex;
  auto elapsed = [&] { return std::chrono::duration<double>(Clock::now() - start).count(); };
  // Thread 0 watches the clock and stops everyone once the best move cannot change.
  auto checkLimits = [&] {
    const double t = elapsed();
    if (limits.seconds > 0 && t >= limits.seconds) return true;
    const int n = completed.load(std::memory_order_relaxed);
    if (n < 100) return false;
    double remaining = 1e18;
    if (limits.seconds > 0) remaining = n / std::max(t, 1e-6) * (limits.seconds - t);
    if (limits.playouts > 0) {
      remaining = std::min<double>(remaining, limits.playouts - started.load());
    }
    const NodeIndex best = bestChild(root);
    if (best == kNoNode) return false;
    const NodeIndex second = secondBestChild(root, best);
    const int gap = pool_[best].realVisits() - (second == kNoNode ? 0 : pool_[second].realVisits());
    if (gap > remaining) {
      stoppedEarly = true;
      return true;
    }
    return false;
  };
  auto work = [&](int index) {
    Worker w(seed + 0x9E3779B97F4A7C15ull * static_cast<std::uint64_t>(index), threads <= 1);
    w.position = &position;
    if (ownerSums_ != nullptr) w.owners.assign(ownerSums_->size(), 0);
    if (config_.lastGoodReply > 0 && policy_ != nullptr) w.replies.emplace(config_.lastGoodReply);
    int localWithFullTree = 0;
    for (int local = 1;; ++local) {
      if (stop.load(std::memory_order_relaxed) || done.load(std::memory_order_relaxed)) break;
      if (limits.playouts > 0 && started.fetch_add(1) >= limits.playouts) break;
      const bool full = poolFull_.load(std::memory_order_relaxed);
      iterate(w, root, position);
      localWithFullTree += full ? 1 : 0;
      completed.fetch_add(1, std::memory_order_relaxed);
      if (index == 0 && local % 16 == 0 && checkLimits()) done.store(true);
    }
    withFullTree.fetch_add(localWithFullTree, std::memory_order_relaxed);
    if (w.owners.empty()) return;
    const std::scoped_lock lock(ownersMutex);
    for (std::size_t p = 0; p < w.owners.size(); ++p) (*ownerSums_)[p] += w.owners[p];
  };
  {
    std::vector<std::jthread> helpers;
    for (int i = 1; i < threads; ++i) helpers.emplace_back(work, i);
    work(0);
  }
  return SearchStats{completed.load(), elapsed(), stoppedEarly, withFullTree.load()};
}

}  // namespace tengen::bot
