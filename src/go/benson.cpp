#include "go/benson.h"

#include <algorithm>
#include <vector>

namespace tengen::go {

namespace {

struct Region {
  PointSet points;
  std::vector<Point> borderChains;  // heads of the owner's chains touching the region
  std::vector<Point> vitalTo;       // chains every empty point of the region is a liberty of
  bool alive = true;
};

void analyse(const Board& board, Color owner, PassAlive& out) {
  const Geometry& g = board.geometry();
  const auto offsets = board.neighbourOffsets();
  std::vector<Region> regions;
  PointSet visited;
  for (Point start = g.first(); start <= g.last(); ++start) {
    if (!g.onBoard(start) || board.at(start) == owner || visited.contains(start)) continue;
    Region region;
    std::vector<Point> stack{start};
    visited.insert(start);
    bool firstEmpty = true;
    while (!stack.empty()) {
      const Point p = stack.back();
      stack.pop_back();
      region.points.insert(p);
      std::vector<Point> adjacentChains;
      for (int d : offsets) {
        const Point n = static_cast<Point>(p + d);
        const Color nc = board.at(n);
        if (nc == owner) {
          const Point head = board.chainHead(n);
          if (std::find(adjacentChains.begin(), adjacentChains.end(), head) ==
              adjacentChains.end()) {
            adjacentChains.push_back(head);
          }
        } else if (nc != Color::Border && !visited.contains(n)) {
          visited.insert(n);
          stack.push_back(n);
        }
      }
      for (Point head : adjacentChains) {
        if (std::find(region.borderChains.begin(), region.borderChains.end(), head) ==
            region.borderChains.end()) {
          region.borderChains.push_back(head);
        }
      }
      if (board.at(p) != Color::Empty) continue;
      // Vital: every empty point of the region is a liberty of the chain.
      if (firstEmpty) {
        region.vitalTo = adjacentChains;
        firstEmpty = false;
      } else {
        std::erase_if(region.vitalTo, [&](Point head) {
          return std::find(adjacentChains.begin(), adjacentChains.end(), head) ==
                 adjacentChains.end();
        });
      }
    }
    regions.push_back(std::move(region));
  }

  std::vector<Point> chains;
  for (Point p = g.first(); p <= g.last(); ++p) {
    if (g.onBoard(p) && board.at(p) == owner && board.chainHead(p) == p) chains.push_back(p);
  }
  PointSet aliveHeads;
  for (Point head : chains) aliveHeads.insert(head);

  for (bool changed = true; changed;) {
    changed = false;
    for (Point head : chains) {
      if (!aliveHeads.contains(head)) continue;
      int vital = 0;
      for (const Region& r : regions) {
        if (r.alive && std::find(r.vitalTo.begin(), r.vitalTo.end(), head) != r.vitalTo.end())
          ++vital;
      }
      if (vital < 2) {
        aliveHeads.erase(head);
        changed = true;
      }
    }
    for (Region& r : regions) {
      if (!r.alive) continue;
      for (Point head : r.borderChains) {
        if (!aliveHeads.contains(head)) {
          r.alive = false;
          changed = true;
          break;
        }
      }
    }
  }

  const int side = colorIndex(owner);
  PointSet& stones = out.stones[side];
  for (Point head : chains) {
    if (aliveHeads.contains(head)) stones |= board.chainStones(head);
  }
  // Territory: a region enclosed by pass-alive chains in which at most one point lacks a
  // neighbouring pass-alive stone. Points next to uncapturable stones can never be the
  // opponent's eyes, so the opponent gets at most one eye there and cannot live.
  for (const Region& r : regions) {
    if (r.borderChains.empty()) continue;
    bool enclosed = true;
    for (Point head : r.borderChains) enclosed = enclosed && aliveHeads.contains(head);
    if (!enclosed) continue;
    int interior = 0;
    r.points.forEach([&](Point p) {
      bool touches = false;
      for (int d : offsets) touches = touches || stones.contains(static_cast<Point>(p + d));
      if (!touches) ++interior;
    });
    if (interior <= 1) out.territory[side] |= r.points;
  }
}

}  // namespace

PassAlive passAlive(const Board& board) {
  PassAlive result;
  analyse(board, Color::Black, result);
  analyse(board, Color::White, result);
  return result;
}

}  // namespace tengen::go
