#include "go/seki.h"

#include <vector>

#include "go/regions.h"

namespace tengen::go {

namespace {

// Fills p with c if that captures nothing and leaves the new chain at least two liberties.
bool fillSafely(Board& board, Point p, Color c) {
  if (!board.isLegal(p, c, false)) return false;
  Board trial = board;
  trial.play(p, c);
  if (trial.captures(c) != board.captures(c) || trial.libertyCount(p) < 2) return false;
  board = trial;
  return true;
}

// Whether c could fill p by capturing, leaving the new chain at least two liberties. That
// is no self-atari, so p is no seki point (issue #2: a group is in seki when it borders an
// empty point neither player can fill without putting their own stones in atari). The
// capture is not made: only the stones marked dead leave the board.
bool fillableByCapture(const Board& board, Point p, Color c) {
  if (!board.isLegal(p, c, false)) return false;
  Board trial = board;
  trial.play(p, c);
  return trial.captures(c) != board.captures(c) && trial.libertyCount(p) >= 2;
}

bool touches(const Board& board, Point p, Color c) {
  for (int d : board.neighbourOffsets()) {
    if (board.at(static_cast<Point>(p + d)) == c) return true;
  }
  return false;
}

void insertChain(const Board& board, Point p, PointSet& set) { set |= board.chainStones(p); }

}  // namespace

SekiAnalysis analyseSeki(const Board& board) {
  SekiAnalysis out{board, {}, {}};
  Board& filled = out.filled;
  for (bool changed = true; changed;) {
    changed = false;
    for (const EmptyRegion& region : emptyRegions(filled)) {
      if (!region.touchesBlack || !region.touchesWhite) continue;
      region.points.forEach([&](Point p) {
        if (filled.at(p) != Color::Empty) return;
        for (Color c : {Color::Black, Color::White}) {
          if (touches(filled, p, c) && fillSafely(filled, p, c)) {
            changed = true;
            return;
          }
        }
      });
    }
  }

  const auto offsets = filled.neighbourOffsets();
  // Chains bordering a dame that neither side can fill are in seki.
  std::vector<EmptyRegion> regions = emptyRegions(filled);
  for (const EmptyRegion& region : regions) {
    if (!region.touchesBlack || !region.touchesWhite) continue;
    // A chain left in atari here (an unmarked dead stone, say) can be captured by filling:
    // the point is ordinary dame and makes nobody's group seki.
    bool capturable = false;
    region.points.forEach([&](Point p) {
      capturable = capturable || fillableByCapture(filled, p, Color::Black) ||
                   fillableByCapture(filled, p, Color::White);
    });
    if (capturable) continue;
    out.sekiPoints |= region.points;
    region.points.forEach([&](Point p) {
      for (int d : offsets) {
        const Point n = static_cast<Point>(p + d);
        if (isStone(filled.at(n)) && !out.sekiStones.contains(n))
          insertChain(filled, n, out.sekiStones);
      }
    });
  }
  // Spread seki through eyes: an eye touching a seki chain scores nothing, and every chain
  // around that eye belongs to the same group.
  for (bool changed = true; changed;) {
    changed = false;
    for (const EmptyRegion& region : regions) {
      if (region.owner() == Color::Empty) continue;
      bool sekiEye = false;
      region.points.forEach([&](Point p) {
        for (int d : offsets)
          sekiEye = sekiEye || out.sekiStones.contains(static_cast<Point>(p + d));
      });
      if (!sekiEye) continue;
      if (!(out.sekiPoints.contains(region.points.first()))) {
        out.sekiPoints |= region.points;
        changed = true;
      }
      region.points.forEach([&](Point p) {
        for (int d : offsets) {
          const Point n = static_cast<Point>(p + d);
          if (isStone(filled.at(n)) && !out.sekiStones.contains(n)) {
            insertChain(filled, n, out.sekiStones);
            changed = true;
          }
        }
      });
    }
  }
  return out;
}

}  // namespace tengen::go
