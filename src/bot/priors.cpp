#include "bot/priors.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <vector>

#include "bot/ladder_fights.h"
#include "bot/move_features.h"
#include "bot/move_weights.h"
#include "bot/patterns.h"

namespace tengen::bot {

using go::Board;
using go::Color;
using go::Point;

void computePriors(const Board& board, Color c, Point last, std::span<const Point> candidates,
                   std::span<Prior> out) {
  computePriors(board, c, last, go::kNoPoint, candidates, out, PriorOptions{});
}

namespace {

// The learned priors: the even prior, the own-eye penalty, and virtual wins that grow with
// the square root of the move's learned strength relative to the strongest candidate's.
void learnedPriors(const MoveFeaturizer& features, const go::Geometry& g,
                   std::span<const Point> candidates, std::span<Prior> out, const PriorOptions& o) {
  const MoveWeights& weights = MoveWeights::builtIn();
  const std::size_t n = std::min(candidates.size(), out.size());
  std::vector<double> strength(n, 0.0);
  std::vector<bool> eye(n, false);
  double strongest = 0;
  double sum = 0;
  for (std::size_t i = 0; i < n; ++i) {
    if (!g.onBoard(candidates[i])) continue;
    const MoveFeatures f = features.of(candidates[i]);
    eye[i] = f[FeatureGroup::OwnEye] != 0;
    strength[i] = weights.strength(f);
    strongest = std::max(strongest, strength[i]);
    if (!eye[i]) sum += strength[i];
  }
  const double scale = o.learnedNormalised ? sum : strongest;
  for (std::size_t i = 0; i < n; ++i) {
    Prior prior{o.evenVisits, o.evenVisits / 2};
    if (eye[i]) {
      prior.visits += o.ownEye;
    } else if (scale > 0 && strength[i] > 0) {
      const auto w = static_cast<float>(o.learned * std::sqrt(strength[i] / scale));
      prior.visits += w;
      prior.wins += w;
    }
    out[i] = prior;
  }
}

// The hand-made priors (MoGo's and Fuego's kind): the even prior with bonuses for captures,
// escapes, ataris, closeness to the last moves, 3x3 patterns and the third line, penalties
// for own eyes, futile escapes, bad self-ataris and empty edges.
void handMadePriors(const MoveFeaturizer& features, const go::Geometry& g,
                    std::span<const Point> candidates, std::span<Prior> out,
                    const PriorOptions& o) {
  const PatternTable& patterns = PatternTable::mogo();
  const bool bigBoard = g.size() >= 9;
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
    const MoveFeatures f = features.of(p);
    if (f[FeatureGroup::OwnEye] != 0) {
      penalty(o.ownEye);
      out[i] = prior;
      continue;
    }
    const std::uint32_t capture = f[FeatureGroup::Capture];
    if (capture == 2 || capture == 4) bonus(o.captureMany);
    if (capture == 1 || capture == 3) bonus(o.capture);
    if (capture >= 3 || f[FeatureGroup::Extension] == 1) bonus(o.escape);
    const bool futile = f[FeatureGroup::Extension] == 2;
    if (futile) penalty(o.futileEscape);
    const bool badSelfAtari = f[FeatureGroup::SelfAtari] != 0;
    if (badSelfAtari) {
      penalty(o.selfAtari);
    } else if (f[FeatureGroup::Atari] != 0) {
      bonus(o.atari);
    }
    // Shape and proximity say nothing good about a move that loses its own stones.
    const bool bad = badSelfAtari || futile;
    const std::uint32_t distance = f[FeatureGroup::DistLast];  // 2-3 adjacent, 4-5 next
    if (bad || distance == 0) {
      // no bonus
    } else if (distance <= 3) {
      bonus(o.nearLast);
      const auto code = static_cast<std::uint16_t>(f[FeatureGroup::Pattern3] - 1);
      if (patterns.matchesCode(code)) bonus(o.pattern);
    } else if (distance <= 5) {
      bonus(o.nearLast2);
    }
    const std::uint32_t line = f[FeatureGroup::Line];  // 5..8: lines 1..4 in an empty area
    if (bigBoard && (line == 5 || line == 6)) penalty(o.emptyEdge);
    if (bigBoard && line == 7) bonus(o.emptyThird);
    out[i] = prior;
  }
}

// The line (1 for the edge) of column or row `x` counted from the nearer edge.
int lineOf(int x, int size) { return std::min(x, size - 1 - x) + 1; }

// The side of a corner's box: its first seven lines, or up to the line before the centre
// line on a board smaller than 15x15.
int cornerBox(int size) { return std::min(7, (size - 1) / 2); }

// The corner whose opening point `p` is (0-3: bit 0 right half, bit 1 upper half), or -1:
// lines 3-5 from both nearest edges, not 5-5, inside the corner's box (cornerBox).
int openingCorner(const go::Geometry& g, Point p) {
  const int size = g.size();
  if (size < 9) return -1;
  const int col = g.col(p);
  const int row = g.row(p);
  const int colLine = lineOf(col, size);
  const int rowLine = lineOf(row, size);
  if (colLine < 3 || colLine > 5 || rowLine < 3 || rowLine > 5) return -1;
  if (colLine == 5 && rowLine == 5) return -1;
  const int box = cornerBox(size);
  if (colLine > box || rowLine > box) return -1;
  return (col < size / 2 ? 0 : 1) | (row < size / 2 ? 0 : 2);
}

// Whether a corner's box (cornerBox) holds no stone.
bool cornerIsEmpty(const Board& board, int corner) {
  const go::Geometry& g = board.geometry();
  const int size = g.size();
  const int box = cornerBox(size);
  const int col0 = (corner & 1) == 0 ? 0 : size - box;
  const int row0 = (corner & 2) == 0 ? 0 : size - box;
  for (int r = row0; r < row0 + box; ++r) {
    for (int c = col0; c < col0 + box; ++c) {
      if (board.at(g.point(c, r)) != Color::Empty) return false;
    }
  }
  return true;
}

// Adds PriorOptions::emptyCorner to the opening points of empty corners among the candidates.
// Each corner's box is read once per node, not once per candidate: this runs at every node
// expansion of a 19x19 game.
void addEmptyCornerBonus(const Board& board, std::span<const Point> candidates,
                         std::span<Prior> out, float weight) {
  const go::Geometry& g = board.geometry();
  std::array<int, 4> empty = {-1, -1, -1, -1};  // -1: not read yet
  for (std::size_t i = 0; i < candidates.size() && i < out.size(); ++i) {
    if (!g.onBoard(candidates[i])) continue;
    const int corner = openingCorner(g, candidates[i]);
    if (corner < 0) continue;
    if (empty[corner] < 0) empty[corner] = cornerIsEmpty(board, corner) ? 1 : 0;
    if (empty[corner] == 0) continue;
    out[i].visits += weight;
    out[i].wins += weight;
  }
}

// Adds PriorOptions::ladderFights to the candidates that decide a two-liberty chain by a
// ladder: the full weight for a chain of two stones or more, half for one stone, the larger
// where a point serves several chains.
void addLadderFightBonus(const Board& board, Color c, std::span<const Point> candidates,
                         std::span<Prior> out, float weight, int budget) {
  const std::vector<LadderFightMove> moves = ladderFightMoves(board, c, budget);
  if (moves.empty()) return;
  for (std::size_t i = 0; i < candidates.size() && i < out.size(); ++i) {
    float bonus = 0;
    for (const LadderFightMove& m : moves) {
      if (m.point == candidates[i]) bonus = std::max(bonus, m.stones >= 2 ? weight : weight / 2);
    }
    out[i].visits += bonus;
    out[i].wins += bonus;
  }
}

}  // namespace

bool isEmptyCornerOpening(const Board& board, Point p) {
  const int corner = openingCorner(board.geometry(), p);
  return corner >= 0 && cornerIsEmpty(board, corner);
}

void computePriors(const Board& board, Color c, Point last, Point last2,
                   std::span<const Point> candidates, std::span<Prior> out, const PriorOptions& o) {
  const go::Geometry& g = board.geometry();
  const MoveFeaturizer features(board, c, last, last2, o.ladderBudget, o.enclosedNakade);
  if (o.learned > 0) {
    learnedPriors(features, g, candidates, out, o);
  } else {
    handMadePriors(features, g, candidates, out, o);
  }
  // Bonuses that read the whole position, not one candidate's features: the same after
  // either kind of prior.
  if (o.emptyCorner > 0) addEmptyCornerBonus(board, candidates, out, o.emptyCorner);
  if (o.ladderFights > 0) {
    addLadderFightBonus(board, c, candidates, out, o.ladderFights, o.ladderBudget);
  }
}

}  // namespace tengen::bot
