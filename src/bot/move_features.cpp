#include "bot/move_features.h"

#include <algorithm>
#include <cstdlib>
#include <vector>

#include "bot/patterns.h"
#include "bot/tactics.h"

namespace tengen::bot {

using go::Board;
using go::Color;
using go::Point;

namespace {

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

// Coulom's distance: dx + dy + max(dx, dy), so 2 for a neighbour and 3 for a diagonal; as a
// level 2..16, 17 for anything farther, 0 without a previous move.
std::uint32_t distanceLevel(const go::Geometry& g, Point p, Point previous) {
  if (previous >= go::kPass || !g.onBoard(previous)) return 0;
  const int dx = std::abs(g.col(p) - g.col(previous));
  const int dy = std::abs(g.row(p) - g.row(previous));
  return static_cast<std::uint32_t>(std::min(17, dx + dy + std::max(dx, dy)));
}

// The eight neighbours in PatternTable::code's order, as (dx, dy) with north up.
constexpr int kNeighbourAt[8][2] = {{-1, 1}, {0, 1},   {1, 1},  {-1, 0},
                                    {1, 0},  {-1, -1}, {0, -1}, {1, -1}};

int neighbourIndex(int dx, int dy) {
  for (int i = 0; i < 8; ++i) {
    if (kNeighbourAt[i][0] == dx && kNeighbourAt[i][1] == dy) return i;
  }
  return -1;
}

}  // namespace

std::string_view featureGroupName(FeatureGroup group) {
  switch (group) {
    case FeatureGroup::Pattern3:
      return "pattern3";
    case FeatureGroup::Capture:
      return "capture";
    case FeatureGroup::Extension:
      return "extension";
    case FeatureGroup::SelfAtari:
      return "self_atari";
    case FeatureGroup::Atari:
      return "atari";
    case FeatureGroup::DistLast:
      return "distance_last";
    case FeatureGroup::DistLast2:
      return "distance_last2";
    case FeatureGroup::Line:
      return "line";
    case FeatureGroup::OwnEye:
      return "own_eye";
  }
  return "";
}

namespace {

std::uint16_t computeCanonical(std::uint16_t code) {
  std::uint16_t best = code;
  // The symmetries: reflect x, reflect y, swap the axes (all eight combinations).
  for (int s = 1; s < 8; ++s) {
    unsigned image = 0;
    for (int i = 0; i < 8; ++i) {
      int x = kNeighbourAt[i][0];
      int y = kNeighbourAt[i][1];
      if (s & 1) x = -x;
      if (s & 2) y = -y;
      if (s & 4) std::swap(x, y);
      image |= ((code >> (2 * i)) & 3u) << (2 * neighbourIndex(x, y));
    }
    best = std::min(best, static_cast<std::uint16_t>(image));
  }
  return best;
}

}  // namespace

std::uint16_t canonicalPattern3(std::uint16_t code) {
  // Every expansion of the search asks this for each candidate: a table, built once.
  static const std::vector<std::uint16_t> table = [] {
    std::vector<std::uint16_t> t(65536);
    for (unsigned c = 0; c < t.size(); ++c) t[c] = computeCanonical(static_cast<std::uint16_t>(c));
    return t;
  }();
  return table[code];
}

MoveFeaturizer::MoveFeaturizer(const Board& board, Color toMove, Point last, Point last2,
                               int ladderBudget, int enclosedNakade)
    : board_(board), toMove_(toMove), last_(last), last2_(last2), enclosedNakade_(enclosedNakade) {
  go::PointSet seen;
  const go::Geometry& g = board.geometry();
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      if (board.at(p) != toMove || !board.inAtari(p)) continue;
      const Point head = board.chainHead(p);
      if (seen.contains(head)) continue;
      seen.insert(head);
      Point moves[16];
      const int n = atariEscapes(board, p, moves, 16, ladderBudget);
      for (int i = 0; i < n; ++i) escapes_.insert(moves[i]);
      const Point lib = lastLiberty(board, p);
      if (lib != go::kNoPoint && !escapes_.contains(lib)) futile_.insert(lib);
    }
  }
}

MoveFeatures MoveFeaturizer::of(Point p) const {
  const go::Geometry& g = board_.geometry();
  MoveFeatures f;
  const std::uint16_t code = PatternTable::code(board_, p, toMove_);
  f[FeatureGroup::Pattern3] = canonicalPattern3(code) + 1u;
  const int captured = bot::captureSize(board_, p, toMove_);
  const bool escapes = escapes_.contains(p);
  if (captured > 0) {
    f[FeatureGroup::Capture] = (captured >= 2 ? 2u : 1u) + (escapes ? 2u : 0u);
  } else if (escapes) {
    f[FeatureGroup::Extension] = 1;
  } else if (futile_.contains(p)) {
    f[FeatureGroup::Extension] = 2;
  }
  f[FeatureGroup::SelfAtari] = isBadSelfAtari(board_, p, toMove_, 1, enclosedNakade_) ? 1 : 0;
  f[FeatureGroup::Atari] = givesAtari(board_, p, toMove_) ? 1 : 0;
  f[FeatureGroup::DistLast] = distanceLevel(g, p, last_);
  f[FeatureGroup::DistLast2] = distanceLevel(g, p, last2_);
  const int lines = g.size();
  const int line = 1 + std::min({g.col(p), g.row(p), lines - 1 - g.col(p), lines - 1 - g.row(p)});
  if (line <= 4)
    f[FeatureGroup::Line] = static_cast<std::uint32_t>(line + (inEmptyArea(board_, p) ? 4 : 0));
  f[FeatureGroup::OwnEye] = board_.isEyeLike(p, toMove_) ? 1 : 0;
  return f;
}

}  // namespace tengen::bot
