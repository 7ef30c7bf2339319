#include "bot/search_tree.h"

#include <algorithm>

namespace tengen::bot {

void NodePool::resize(std::size_t capacity) {
  if (capacity != nodes_.size()) nodes_ = std::vector<Node>(capacity);
  clear();
}

NodeIndex NodePool::allocate(std::size_t count) {
  const std::size_t start = next_.fetch_add(count, std::memory_order_relaxed);
  if (start + count > nodes_.size()) return kNoNode;
  for (std::size_t i = start; i < start + count; ++i) nodes_[i].reset(go::kPass);
  return static_cast<NodeIndex>(start);
}

namespace {

// No search runs during a copy (copySubtree's contract), so relaxed accesses suffice; the
// default sequentially consistent store is a locked exchange on x86, four a node for the
// hundreds of thousands of nodes a reused subtree holds.
void copyStats(const Node& a, Node& b) {
  constexpr auto relaxed = std::memory_order_relaxed;
  b.move = a.move;
  b.rank = a.rank;
  b.priorVisits = a.priorVisits;
  b.priorWins = a.priorWins;
  b.visits.store(a.visits.load(relaxed), relaxed);
  b.winsX2.store(a.winsX2.load(relaxed), relaxed);
  b.amafVisits.store(a.amafVisits.load(relaxed), relaxed);
  b.amafWinsX2.store(a.amafWinsX2.load(relaxed), relaxed);
}

}  // namespace

NodeIndex copySubtree(const NodePool& src, NodeIndex from, NodePool& dst) {
  dst.clear();
  const NodeIndex root = dst.allocate(1);
  if (root == kNoNode) return kNoNode;
  copyStats(src[from], dst[root]);
  // Breadth first, so that a pool too small for the whole subtree keeps its top levels.
  std::vector<std::pair<NodeIndex, NodeIndex>> queue{{from, root}};
  for (std::size_t head = 0; head < queue.size(); ++head) {
    const auto [s, d] = queue[head];
    const Node& a = src[s];
    if (a.state.load() != Node::Expanded || a.childCount == 0) continue;
    const NodeIndex first = dst.allocate(a.childCount);
    if (first == kNoNode) continue;
    for (int i = 0; i < a.childCount; ++i) {
      copyStats(src[a.firstChild + i], dst[first + i]);
      queue.emplace_back(a.firstChild + i, first + i);
    }
    dst[d].firstChild = first;
    dst[d].childCount = a.childCount;
    dst[d].state.store(Node::Expanded);
  }
  return root;
}

}  // namespace tengen::bot
