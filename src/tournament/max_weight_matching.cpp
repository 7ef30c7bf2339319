#include "tournament/max_weight_matching.h"

#include <algorithm>
#include <cassert>
#include <optional>

namespace tengen::tournament {

namespace {

// Vocabulary. Edge k joins endpoint 2k and 2k+1; endpoint p sits on vertex endpoint_[p] and p^1
// is the other end of the same edge. Vertices are 0..n-1, blossoms n..2n-1; a "top" blossom is
// one with no parent (a vertex not inside any blossom is its own top blossom). Labels of top
// blossoms: 0 free, 1 S (outer), 2 T (inner); scanning paths marks S blossoms with 5 (4|1)
// for a moment. Dual variables: u_v for vertices, z_b for blossoms, all doubled by the caller
// so that a delta of slack/2 stays an integer.
class Solver {
 public:
  Solver(int n, std::span<const WeightedEdge> edges) : n_(n), edges_(edges.begin(), edges.end()) {
    const int m = static_cast<int>(edges_.size());
    MatchingWeight maxWeight = 0;
    endpoint_.resize(2 * m);
    neighbours_.resize(n);
    for (int k = 0; k < m; ++k) {
      // Doubled: every slack stays even, so delta3 = slack / 2 is exact.
      edges_[k].weight *= 2;
      maxWeight = std::max(maxWeight, edges_[k].weight);
      endpoint_[2 * k] = edges_[k].u;
      endpoint_[2 * k + 1] = edges_[k].v;
      neighbours_[edges_[k].u].push_back(2 * k + 1);
      neighbours_[edges_[k].v].push_back(2 * k);
    }
    mate_.assign(n, -1);
    label_.assign(2 * n, 0);
    labelEnd_.assign(2 * n, -1);
    inBlossom_.resize(n);
    for (int v = 0; v < n; ++v) inBlossom_[v] = v;
    parent_.assign(2 * n, -1);
    children_.assign(2 * n, {});
    endps_.assign(2 * n, {});
    base_.assign(2 * n, -1);
    for (int v = 0; v < n; ++v) base_[v] = v;
    bestEdge_.assign(2 * n, -1);
    bestEdges_.assign(2 * n, std::nullopt);
    for (int b = 2 * n - 1; b >= n; --b) unused_.push_back(b);
    dual_.assign(2 * n, 0);
    for (int v = 0; v < n; ++v) dual_[v] = maxWeight;
    allowed_.assign(m, false);
  }

  std::vector<int> solve() {
    for (int stage = 0; stage < n_; ++stage) {
      if (!runStage()) break;
    }
    std::vector<int> partner(n_, -1);
    for (int v = 0; v < n_; ++v)
      if (mate_[v] >= 0) partner[v] = endpoint_[mate_[v]];
    return partner;
  }

 private:
  MatchingWeight slack(int k) const {
    return dual_[edges_[k].u] + dual_[edges_[k].v] - 2 * edges_[k].weight;
  }

  void leaves(int b, std::vector<int>& out) const {
    if (b < n_) {
      out.push_back(b);
      return;
    }
    for (int c : children_[b]) leaves(c, out);
  }
  std::vector<int> leaves(int b) const {
    std::vector<int> out;
    leaves(b, out);
    return out;
  }

  static int wrap(int j, int size) { return ((j % size) + size) % size; }

  void assignLabel(int w, int t, int p) {
    const int b = inBlossom_[w];
    assert(label_[w] == 0 && label_[b] == 0);
    label_[w] = label_[b] = t;
    labelEnd_[w] = labelEnd_[b] = p;
    bestEdge_[w] = bestEdge_[b] = -1;
    if (t == 1) {
      leaves(b, queue_);
    } else {
      // A T blossom's base is matched: its mate becomes S.
      const int base = base_[b];
      assert(mate_[base] >= 0);
      assignLabel(endpoint_[mate_[base]], 1, mate_[base] ^ 1);
    }
  }

  // Walks back from v and w along their alternating trees: the base of the first common S
  // blossom (a new blossom is found), or -1 when the trees differ (an augmenting path).
  int scanBlossom(int v, int w) {
    std::vector<int> path;
    int base = -1;
    while (v != -1 || w != -1) {
      int b = inBlossom_[v];
      if (label_[b] & 4) {
        base = base_[b];
        break;
      }
      assert(label_[b] == 1);
      path.push_back(b);
      label_[b] = 5;
      if (labelEnd_[b] == -1) {
        v = -1;  // the root of this tree
      } else {
        v = endpoint_[labelEnd_[b]];
        b = inBlossom_[v];
        assert(label_[b] == 2);
        v = endpoint_[labelEnd_[b]];
      }
      if (w != -1) std::swap(v, w);
    }
    for (int b : path) label_[b] = 1;
    return base;
  }

  void addBlossom(int base, int k) {
    int v = edges_[k].u, w = edges_[k].v;
    const int bb = inBlossom_[base];
    int bv = inBlossom_[v], bw = inBlossom_[w];
    const int b = unused_.back();
    unused_.pop_back();
    base_[b] = base;
    parent_[b] = -1;
    parent_[bb] = b;
    std::vector<int> path, endps;
    while (bv != bb) {
      parent_[bv] = b;
      path.push_back(bv);
      endps.push_back(labelEnd_[bv]);
      v = endpoint_[labelEnd_[bv]];
      bv = inBlossom_[v];
    }
    path.push_back(bb);
    std::reverse(path.begin(), path.end());
    std::reverse(endps.begin(), endps.end());
    endps.push_back(2 * k);
    while (bw != bb) {
      parent_[bw] = b;
      path.push_back(bw);
      endps.push_back(labelEnd_[bw] ^ 1);
      w = endpoint_[labelEnd_[bw]];
      bw = inBlossom_[w];
    }
    children_[b] = path;
    endps_[b] = endps;
    label_[b] = 1;
    labelEnd_[b] = labelEnd_[bb];
    dual_[b] = 0;
    for (int leaf : leaves(b)) {
      if (label_[inBlossom_[leaf]] == 2) queue_.push_back(leaf);  // T vertices become S
      inBlossom_[leaf] = b;
    }
    // The least-slack edge from the new blossom to each other S blossom.
    std::vector<int> bestTo(2 * n_, -1);
    for (int child : path) {
      std::vector<int> candidates;
      if (!bestEdges_[child]) {
        for (int leaf : leaves(child))
          for (int p : neighbours_[leaf]) candidates.push_back(p / 2);
      } else {
        candidates = *bestEdges_[child];
      }
      for (int e : candidates) {
        int i = edges_[e].u, j = edges_[e].v;
        if (inBlossom_[j] == b) std::swap(i, j);
        const int bj = inBlossom_[j];
        if (bj != b && label_[bj] == 1 && (bestTo[bj] == -1 || slack(e) < slack(bestTo[bj])))
          bestTo[bj] = e;
      }
      bestEdges_[child].reset();
      bestEdge_[child] = -1;
    }
    std::vector<int> best;
    for (int e : bestTo)
      if (e != -1) best.push_back(e);
    bestEdge_[b] = -1;
    for (int e : best)
      if (bestEdge_[b] == -1 || slack(e) < slack(bestEdge_[b])) bestEdge_[b] = e;
    bestEdges_[b] = std::move(best);
  }

  void expandBlossom(int b, bool endStage) {
    for (int s : children_[b]) {
      parent_[s] = -1;
      if (s < n_) {
        inBlossom_[s] = s;
      } else if (endStage && dual_[s] == 0) {
        expandBlossom(s, endStage);
      } else {
        for (int leaf : leaves(s)) inBlossom_[leaf] = s;
      }
    }
    if (!endStage && label_[b] == 2) {
      // The blossom was T in the middle of a stage: relabel the even-length path from the
      // entry child to the base, so the tree stays alternating.
      const std::vector<int>& ch = children_[b];
      const std::vector<int>& ep = endps_[b];
      const int size = static_cast<int>(ch.size());
      const int entryChild = inBlossom_[endpoint_[labelEnd_[b] ^ 1]];
      int j = static_cast<int>(std::find(ch.begin(), ch.end(), entryChild) - ch.begin());
      int step, trick;
      if (j & 1) {
        j -= size;
        step = 1;
        trick = 0;
      } else {
        step = -1;
        trick = 1;
      }
      int p = labelEnd_[b];
      while (j != 0) {
        label_[endpoint_[p ^ 1]] = 0;
        label_[endpoint_[ep[wrap(j - trick, size)] ^ trick ^ 1]] = 0;
        assignLabel(endpoint_[p ^ 1], 2, p);
        allowed_[ep[wrap(j - trick, size)] / 2] = true;
        j += step;
        p = ep[wrap(j - trick, size)] ^ trick;
        allowed_[p / 2] = true;
        j += step;
      }
      int bv = ch[wrap(j, size)];
      label_[endpoint_[p ^ 1]] = label_[bv] = 2;
      labelEnd_[endpoint_[p ^ 1]] = labelEnd_[bv] = p;
      bestEdge_[bv] = -1;
      j += step;
      while (ch[wrap(j, size)] != entryChild) {
        bv = ch[wrap(j, size)];
        if (label_[bv] == 1) {
          j += step;
          continue;
        }
        int reached = -1;
        for (int leaf : leaves(bv)) {
          if (label_[leaf] != 0) {
            reached = leaf;
            break;
          }
        }
        if (reached != -1) {
          assert(label_[reached] == 2 && inBlossom_[reached] == bv);
          label_[reached] = 0;
          label_[endpoint_[mate_[base_[bv]]]] = 0;
          assignLabel(reached, 2, labelEnd_[reached]);
        }
        j += step;
      }
    }
    label_[b] = labelEnd_[b] = -1;
    children_[b].clear();
    endps_[b].clear();
    base_[b] = -1;
    bestEdges_[b].reset();
    bestEdge_[b] = -1;
    unused_.push_back(b);
  }

  // Swaps matched and unmatched edges on the path from v to the base of blossom b, and
  // rotates b's child list so that v's child becomes the base.
  void augmentBlossom(int b, int v) {
    int t = v;
    while (parent_[t] != b) t = parent_[t];
    if (t >= n_) augmentBlossom(t, v);
    std::vector<int>& ch = children_[b];
    std::vector<int>& ep = endps_[b];
    const int size = static_cast<int>(ch.size());
    const int i = static_cast<int>(std::find(ch.begin(), ch.end(), t) - ch.begin());
    int j = i;
    int step, trick;
    if (i & 1) {
      j -= size;
      step = 1;
      trick = 0;
    } else {
      step = -1;
      trick = 1;
    }
    while (j != 0) {
      j += step;
      t = ch[wrap(j, size)];
      const int p = ep[wrap(j - trick, size)] ^ trick;
      if (t >= n_) augmentBlossom(t, endpoint_[p]);
      j += step;
      t = ch[wrap(j, size)];
      if (t >= n_) augmentBlossom(t, endpoint_[p ^ 1]);
      mate_[endpoint_[p]] = p ^ 1;
      mate_[endpoint_[p ^ 1]] = p;
    }
    std::rotate(ch.begin(), ch.begin() + i, ch.end());
    std::rotate(ep.begin(), ep.begin() + i, ep.end());
    base_[b] = base_[ch[0]];
  }

  void augmentMatching(int k) {
    const int v = edges_[k].u, w = edges_[k].v;
    for (auto [s, p] : {std::pair{v, 2 * k + 1}, std::pair{w, 2 * k}}) {
      while (true) {
        const int bs = inBlossom_[s];
        assert(label_[bs] == 1);
        if (bs >= n_) augmentBlossom(bs, s);
        mate_[s] = p;
        if (labelEnd_[bs] == -1) break;  // reached the root
        const int t = endpoint_[labelEnd_[bs]];
        const int bt = inBlossom_[t];
        assert(label_[bt] == 2);
        s = endpoint_[labelEnd_[bt]];
        const int j = endpoint_[labelEnd_[bt] ^ 1];
        assert(base_[bt] == t);
        if (bt >= n_) augmentBlossom(bt, j);
        mate_[j] = labelEnd_[bt];
        p = labelEnd_[bt] ^ 1;
      }
    }
  }

  // One stage: grow alternating trees from every free vertex, changing duals when stuck,
  // until an augmenting path is found (true) or the duals prove the matching optimal (false).
  bool runStage() {
    std::fill(label_.begin(), label_.end(), 0);
    std::fill(bestEdge_.begin(), bestEdge_.end(), -1);
    for (int b = n_; b < 2 * n_; ++b) bestEdges_[b].reset();
    std::fill(allowed_.begin(), allowed_.end(), false);
    queue_.clear();
    for (int v = 0; v < n_; ++v)
      if (mate_[v] == -1 && label_[inBlossom_[v]] == 0) assignLabel(v, 1, -1);

    bool augmented = false;
    while (true) {
      while (!queue_.empty() && !augmented) {
        const int v = queue_.back();
        queue_.pop_back();
        assert(label_[inBlossom_[v]] == 1);
        for (int p : neighbours_[v]) {
          const int k = p / 2;
          const int w = endpoint_[p];
          if (inBlossom_[v] == inBlossom_[w]) continue;
          MatchingWeight kslack = 0;
          if (!allowed_[k]) {
            kslack = slack(k);
            if (kslack <= 0) allowed_[k] = true;
          }
          if (allowed_[k]) {
            if (label_[inBlossom_[w]] == 0) {
              assignLabel(w, 2, p ^ 1);
            } else if (label_[inBlossom_[w]] == 1) {
              const int base = scanBlossom(v, w);
              if (base >= 0) {
                addBlossom(base, k);
              } else {
                augmentMatching(k);
                augmented = true;
                break;
              }
            } else if (label_[w] == 0) {
              assert(label_[inBlossom_[w]] == 2);
              label_[w] = 2;
              labelEnd_[w] = p ^ 1;
            }
          } else if (label_[inBlossom_[w]] == 1) {
            const int b = inBlossom_[v];
            if (bestEdge_[b] == -1 || kslack < slack(bestEdge_[b])) bestEdge_[b] = k;
          } else if (label_[w] == 0) {
            if (bestEdge_[w] == -1 || kslack < slack(bestEdge_[w])) bestEdge_[w] = k;
          }
        }
      }
      if (augmented) break;

      // Stuck: the largest dual change that keeps every constraint.
      int deltaType = 1;
      MatchingWeight delta = dual_[0];
      for (int v = 1; v < n_; ++v) delta = std::min(delta, dual_[v]);
      int deltaEdge = -1, deltaBlossom = -1;
      for (int v = 0; v < n_; ++v) {
        if (label_[inBlossom_[v]] == 0 && bestEdge_[v] != -1) {
          const MatchingWeight d = slack(bestEdge_[v]);
          if (d < delta) {
            delta = d;
            deltaType = 2;
            deltaEdge = bestEdge_[v];
          }
        }
      }
      for (int b = 0; b < 2 * n_; ++b) {
        if (parent_[b] == -1 && label_[b] == 1 && bestEdge_[b] != -1) {
          const MatchingWeight kslack = slack(bestEdge_[b]);
          assert(kslack % 2 == 0);
          const MatchingWeight d = kslack / 2;
          if (d < delta) {
            delta = d;
            deltaType = 3;
            deltaEdge = bestEdge_[b];
          }
        }
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1 && label_[b] == 2 && dual_[b] < delta) {
          delta = dual_[b];
          deltaType = 4;
          deltaBlossom = b;
        }
      }
      for (int v = 0; v < n_; ++v) {
        const int l = label_[inBlossom_[v]];
        if (l == 1) dual_[v] -= delta;
        if (l == 2) dual_[v] += delta;
      }
      for (int b = n_; b < 2 * n_; ++b) {
        if (base_[b] >= 0 && parent_[b] == -1) {
          if (label_[b] == 1) dual_[b] += delta;
          if (label_[b] == 2) dual_[b] -= delta;
        }
      }
      if (deltaType == 1) break;  // optimal: no more augmenting paths pay
      if (deltaType == 2) {
        allowed_[deltaEdge] = true;
        int i = edges_[deltaEdge].u, j = edges_[deltaEdge].v;
        if (label_[inBlossom_[i]] == 0) std::swap(i, j);
        assert(label_[inBlossom_[i]] == 1);
        queue_.push_back(i);
      } else if (deltaType == 3) {
        allowed_[deltaEdge] = true;
        queue_.push_back(edges_[deltaEdge].u);
      } else {
        expandBlossom(deltaBlossom, false);
      }
    }
    if (!augmented) return false;
    // S blossoms whose dual reached zero are undone before the next stage.
    for (int b = n_; b < 2 * n_; ++b)
      if (parent_[b] == -1 && base_[b] >= 0 && label_[b] == 1 && dual_[b] == 0)
        expandBlossom(b, true);
    return true;
  }

  int n_;
  std::vector<WeightedEdge> edges_;
  std::vector<int> endpoint_;
  std::vector<std::vector<int>> neighbours_;
  std::vector<int> mate_;
  std::vector<int> label_;
  std::vector<int> labelEnd_;
  std::vector<int> inBlossom_;
  std::vector<int> parent_;
  std::vector<std::vector<int>> children_;
  std::vector<std::vector<int>> endps_;
  std::vector<int> base_;
  std::vector<int> bestEdge_;
  std::vector<std::optional<std::vector<int>>> bestEdges_;
  std::vector<int> unused_;
  std::vector<MatchingWeight> dual_;
  std::vector<bool> allowed_;
  std::vector<int> queue_;
};

}  // namespace

std::vector<int> maximumWeightMatching(int vertexCount, std::span<const WeightedEdge> edges) {
  if (vertexCount <= 0) return {};
  if (edges.empty()) return std::vector<int>(vertexCount, -1);
  return Solver(vertexCount, edges).solve();
}

}  // namespace tengen::tournament
