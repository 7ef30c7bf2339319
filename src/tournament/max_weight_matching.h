#pragma once

// Maximum-weight matching in a general graph: Edmonds' blossom algorithm with dual variables
// (the primal-dual method of Galil's survey "Efficient algorithms for finding maximum matching
// in graphs", 1986), O(n^3) for n vertices. Our own implementation: Boost 1.81's
// maximum_weighted_matching gives wrong matchings, asserts or loops on some graphs (boostorg/
// graph issue 399, fixed only by a rewrite in Boost 1.87).
//
// Weights are 128-bit integers so that a pairing can stack its criteria in one number, each
// far above the sum of all below it, and the algorithm stays exact (no rounding).

#include <span>
#include <vector>

namespace tengen::tournament {

__extension__ using MatchingWeight = __int128;

struct WeightedEdge {
  int u = 0;
  int v = 0;
  MatchingWeight weight = 0;
};

// mate[v] is v's partner, or -1: a matching of the largest total weight (edges of weight <= 0
// never help and may be left out). Preconditions: 0 <= u, v < vertexCount, u != v, at most
// one edge per pair of vertices. Cost: O(vertexCount^3) time, O(edges) memory.
std::vector<int> maximumWeightMatching(int vertexCount, std::span<const WeightedEdge> edges);

}  // namespace tengen::tournament
