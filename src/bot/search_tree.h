#pragma once

// The search tree's nodes and the preallocated pool they live in.
//
// A node stands for the position after `move`; its children are the moves of the player to
// move there, stored contiguously in the pool. Statistics are from the point of view of the
// player who played `move` (the one choosing among siblings). Counters are atomics so that
// several search threads share one tree without locks: a thread adds a visit on the way
// down (a virtual loss until its result arrives) and the win on the way up.

#include <atomic>
#include <cstdint>
#include <vector>

#include "go/point.h"

namespace tengen::bot {

using NodeIndex = std::uint32_t;
constexpr NodeIndex kNoNode = 0xFFFFFFFFu;

struct Node {
  enum State : std::uint8_t { Leaf = 0, Expanding = 1, Expanded = 2 };

  go::Point move = go::kPass;
  std::uint16_t childCount = 0;
  NodeIndex firstChild = kNoNode;
  std::atomic<std::uint8_t> state{Leaf};
  // The child's place among its siblings by prior (0: the best; widening.h), set before
  // the node is published; 0 for every child when widening is off, and for pass.
  std::uint16_t rank = 0;
  // Virtual playouts from prior knowledge, set before the node is published.
  float priorVisits = 0;
  float priorWins = 0;
  // Wins count double so a draw (integer komi) adds 1, half a win.
  std::atomic<std::int32_t> visits{0};
  std::atomic<std::int32_t> winsX2{0};
  std::atomic<std::int32_t> amafVisits{0};
  std::atomic<std::int32_t> amafWinsX2{0};

  void reset(go::Point m) {
    move = m;
    childCount = 0;
    firstChild = kNoNode;
    state.store(Leaf, std::memory_order_relaxed);
    rank = 0;
    priorVisits = priorWins = 0;
    visits.store(0, std::memory_order_relaxed);
    winsX2.store(0, std::memory_order_relaxed);
    amafVisits.store(0, std::memory_order_relaxed);
    amafWinsX2.store(0, std::memory_order_relaxed);
  }
  int realVisits() const { return visits.load(std::memory_order_relaxed); }
  // The mean result with the prior, in [0, 1].
  double mean() const {
    const double n = visits.load(std::memory_order_relaxed) + priorVisits;
    if (n <= 0) return 0.5;
    return (0.5 * winsX2.load(std::memory_order_relaxed) + priorWins) / n;
  }
  // The mean of real playouts only (what the bot reports as its win rate).
  double realMean() const {
    const int n = visits.load(std::memory_order_relaxed);
    return n > 0 ? 0.5 * winsX2.load(std::memory_order_relaxed) / n : 0.5;
  }
};

// A fixed array of nodes handed out by an atomic bump pointer: no allocation per playout.
// When it is full, allocate() fails and the search stops growing the tree (it keeps
// searching the tree it has). clear() forgets everything at once.
class NodePool {
 public:
  explicit NodePool(std::size_t capacity = 0) : nodes_(capacity) {}
  void resize(std::size_t capacity);
  std::size_t capacity() const { return nodes_.size(); }
  std::size_t used() const { return std::min<std::size_t>(next_.load(), nodes_.size()); }
  void clear() { next_.store(0); }

  // `count` consecutive nodes, reset; kNoNode when the pool cannot hold them.
  NodeIndex allocate(std::size_t count);
  Node& operator[](NodeIndex i) { return nodes_[i]; }
  const Node& operator[](NodeIndex i) const { return nodes_[i]; }

 private:
  std::vector<Node> nodes_;
  std::atomic<std::size_t> next_{0};
};

// Copies the subtree under `from` in `src` into `dst` (cleared first) and returns its root
// there; used by tree reuse to drop the rest of the old tree. Only call with no search
// running. Children the pool cannot hold are dropped (their parent becomes a leaf).
NodeIndex copySubtree(const NodePool& src, NodeIndex from, NodePool& dst);

}  // namespace tengen::bot
