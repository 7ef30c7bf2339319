#include "bot/priors.h"

#include <algorithm>
#include <cstdlib>

#include "bot/patterns.h"
#include "bot/tactics.h"
#include "go/point_set.h"

namespace tengen::bot {

using go::Board;
using go::Color;
using go::Point;

namespace {

// Points that save an own chain in atari, and last liberties whose extension does not.
struct Escapes {
  go::PointSet good;
  go::PointSet futile;
};

Escapes findEscapes(const Board& board, Color c, int ladderBudget) {
  Escapes escapes;
  go::PointSet seen;
  const go::Geometry& g = board.geometry();
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      if (board.at(p) != c || !board.inAtari(p)) continue;
      const Point head = board.chainHead(p);
      if (seen.contains(head)) continue;
      seen.insert(head);
      Point moves[16];
      const int n = atariEscapes(board, p, moves, 16, ladderBudget);
      for (int i = 0; i < n; ++i) escapes.good.insert(moves[i]);
      const Point lib = lastLiberty(board, p);
      if (lib != go::kNoPoint && !escapes.good.contains(lib)) escapes.futile.insert(lib);
    }
  }
  return escapes;
}

// Puts an opponent chain next to p that has exactly two liberties in atari.
bool givesAtari(const Board& board, Point p, Color c) {
  const Color them = go::opponent(c);
  for (const int d : board.neighbourOffsets()) {
    const Point q = static_cast<Point>(p + d);
    if (board.at(q) != them) continue;
    Point libs[3];
    if (chainLiberties(board, q, 3, libs) == 2) return true;
  }
  return false;
}

// No stone within Manhattan distance 3 of p.
bool inEmptyArea(const Board& board, Point p) {
  const go::Geometry& g = board.geometry();
  const int col = g.col(p);
  const int row = g.row(p);
  for (int dr = -3; dr <= 3; ++dr) {
    for (int dc = -3 + std::abs(dr); dc <= 3 - std::abs(dr); ++dc) {
      const int r = row + dr;
      const int c = col + dc;
      if (r < 0 || c < 0 || r >= g.size() || c >= g.size()) continue;
      if (go::isStone(board.at(g.point(c, r)))) return false;
    }
  }
  return true;
}

}  // namespace

void computePriors(const Board& board, Color c, Point last, std::span<const Point> candidates,
                   std::span<Prior> out) {
  computePriors(board, c, last, candidates, out, PriorOptions{});
}

void computePriors(const Board& board, Color c, Point last, std::span<const Point> candidates,
                   std::span<Prior> out, const PriorOptions& o) {
  const go::Geometry& g = board.geometry();
  const Escapes escapes = findEscapes(board, c, o.ladderBudget);
  const bool haveLast = last < go::kPass && g.onBoard(last);
  const PatternTable& patterns = PatternTable::mogo();
  const int lines = g.size();
  for (std::size_t i = 0; i < candidates.size() && i < out.size(); ++i) {
    const Point p = candidates[i];
    Prior prior{o.evenVisits, o.evenVisits / 2};
    const auto bonus = [&prior](float w) {
      prior.visits += w;
      prior.wins += w;
    };
    const auto penalty = [&prior](float w) { prior.visits += w; };
    if (!g.onBoard(p)) {  // a pass among the candidates: the even prior
      out[i] = prior;
      continue;
    }
    if (board.isEyeLike(p, c)) {
      penalty(o.ownEye);
      out[i] = prior;
      continue;
    }
    const int captured = captureSize(board, p, c);
    if (captured >= 2) bonus(o.captureMany);
    if (captured == 1) bonus(o.capture);
    if (escapes.good.contains(p)) bonus(o.escape);
    const bool futile = escapes.futile.contains(p) && captured == 0;
    if (futile) penalty(o.futileEscape);
    const bool badSelfAtari = isBadSelfAtari(board, p, c);
    if (badSelfAtari) {
      penalty(o.selfAtari);
    } else if (givesAtari(board, p, c)) {
      bonus(o.atari);
    }
    // Shape and proximity say nothing good about a move that loses its own stones.
    const bool bad = badSelfAtari || futile;
    if (haveLast) {
      const int dx = std::abs(g.col(p) - g.col(last));
      const int dy = std::abs(g.row(p) - g.row(last));
      const int distance = dx + dy + std::max(dx, dy);  // gridcular: 2-3 adjacent, 4-5 next
      if (bad) {
        // no bonus
      } else if (distance <= 3) {
        bonus(o.nearLast);
        if (patterns.matches(board, p, c)) bonus(o.pattern);
      } else if (distance <= 5) {
        bonus(o.nearLast2);
      }
    }
    if (lines >= 9 && inEmptyArea(board, p)) {
      const int line =
          1 + std::min({g.col(p), g.row(p), lines - 1 - g.col(p), lines - 1 - g.row(p)});
      if (line <= 2) penalty(o.emptyEdge);
      if (line == 3) bonus(o.emptyThird);
    }
    out[i] = prior;
  }
}

}  // namespace tengen::bot
