#include "go/seki.h"

#include <initializer_list>
#include <span>
#include <vector>

#include "go/enclosures.h"
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

// Whether `link` lies in one of `regions` (the board's empty regions) that only c's stones
// border (c's own area).
bool inOwnArea(std::span<const EmptyRegion> regions, Point link, Color c) {
  for (const EmptyRegion& region : regions) {
    if (region.points.contains(link)) return region.owner() == c;
  }
  return false;
}

// Whether c playing `link` joins a chain of c that does not touch p (so the chain through p
// gains that chain's liberties). A chain touches p exactly when it is one of p's neighbours'.
bool joinsAnotherChain(const Board& board, Point link, Point p, Color c) {
  const auto offsets = board.neighbourOffsets();
  auto touchesP = [&](Point head) {
    for (int e : offsets) {
      const Point q = static_cast<Point>(p + e);
      if (board.at(q) == c && board.chainHead(q) == head) return true;
    }
    return false;
  };
  for (int d : offsets) {
    const Point n = static_cast<Point>(link + d);
    if (board.at(n) == c && !touchesP(board.chainHead(n))) return true;
  }
  return false;
}

// Whether c can fill p in two moves the other side cannot stop: filling p at once would
// leave c's chain one liberty, but that liberty is a point only c's stones surround, or a
// point of c's own area that joins the chain to another chain of c (the thrown-in stone
// next to p connects out through c's territory), and after c plays there first, p no
// longer puts anything in atari. What looked like one eye each is then no seki (the "eye"
// was a connection to a living group). `regions`: the board's empty regions.
bool fillableAfterConnecting(const Board& board, std::span<const EmptyRegion> regions, Point p,
                             Color c) {
  if (!board.isLegal(p, c, false)) return false;
  Board direct = board;
  direct.play(p, c);
  if (direct.captures(c) != board.captures(c) || direct.libertyCount(p) != 1) return false;
  const Point link = direct.liberties(p).first();
  bool surrounded = true;
  for (int d : board.neighbourOffsets()) {
    const Color n = board.at(static_cast<Point>(link + d));
    surrounded = surrounded && (n == c || n == Color::Border);
  }
  if (!surrounded && !(inOwnArea(regions, link, c) && joinsAnotherChain(board, link, p, c))) {
    return false;
  }
  if (!board.isLegal(link, c, false)) return false;
  Board trial = board;
  trial.play(link, c);
  if (trial.captures(c) != board.captures(c) || trial.libertyCount(link) < 2 ||
      !trial.isLegal(p, c, false)) {
    return false;
  }
  trial.play(p, c);
  return trial.captures(c) == board.captures(c) && trial.libertyCount(p) >= 2;
}

bool touches(const Board& board, Point p, Color c) {
  for (int d : board.neighbourOffsets()) {
    if (board.at(static_cast<Point>(p + d)) == c) return true;
  }
  return false;
}

// The other side's stones `thrower` kills by a throw-in at p, or none: playing p puts its
// own chain in atari without capturing and the other side in atari too (so taking is
// forced), and after the capture the taker's stones around the hole have no liberty outside
// it and the hole is of a shape the thrower, to move, kills by nakade. Two groups
// sharing liberties in what looks like seki are then no seki: the taker's group is dead (a
// 2-point hole from one thrown-in stone and its neighbour, say).
PointSet killedByThrowInAt(const Board& board, Point p, Color thrower) {
  if (!board.isLegal(p, thrower, false)) return {};
  Board trial = board;
  trial.play(p, thrower);
  if (trial.captures(thrower) != board.captures(thrower) || trial.libertyCount(p) != 1) {
    return {};
  }
  const Color taker = opponent(thrower);
  PointSet inAtari;  // the taker's chains the throw-in ataris
  trial.chainStones(p).forEach([&](Point t) {
    for (int d : trial.neighbourOffsets()) {
      const Point n = static_cast<Point>(t + d);
      if (trial.at(n) == taker && trial.libertyCount(n) == 1) inAtari |= trial.chainStones(n);
    }
  });
  const Point last = trial.liberties(p).first();
  if (inAtari.empty() || !trial.isLegal(last, taker, false)) return {};
  trial.play(last, taker);
  if (trial.at(p) != Color::Empty) return {};  // the taking move did not capture
  PointSet hole;
  for (const EmptyRegion& region : emptyRegions(trial)) {
    if (region.points.contains(p)) hole = region.points;
  }
  // The thrower, to move, kills an eye of this shape by playing its vital point (nakade).
  if (!oneEyeShape(trial, hole)) return {};
  bool enclosed = true;
  hole.forEach([&](Point h) {
    for (int d : trial.neighbourOffsets()) {
      const Point n = static_cast<Point>(h + d);
      if (trial.at(n) != taker) continue;
      trial.liberties(n).forEach([&](Point l) { enclosed = enclosed && hole.contains(l); });
    }
  });
  return enclosed ? inAtari : PointSet{};
}

// The board with every dame filled that one of `colours` could fill without capturing or
// putting the new chain in atari, as players fill dame before counting; at each point the
// colours are tried in the order given.
Board fillSafeDame(const Board& board, std::initializer_list<Color> colours) {
  Board filled = board;
  for (bool changed = true; changed;) {
    changed = false;
    for (const EmptyRegion& region : emptyRegions(filled)) {
      if (!region.touchesBlack || !region.touchesWhite) continue;
      region.points.forEach([&](Point p) {
        if (filled.at(p) != Color::Empty) return;
        for (Color c : colours) {
          if (touches(filled, p, c) && fillSafely(filled, p, c)) {
            changed = true;
            return;
          }
        }
      });
    }
  }
  return filled;
}

Board fillSafeDame(const Board& board) { return fillSafeDame(board, {Color::Black, Color::White}); }

// The dame filled for a throw-in by `thrower`: its own first, everywhere, then both sides'.
// The order matters where the other side's fill is a liberty of a race (a point of the
// taker's eye space next to the stones to be thrown in, which the taker may fill without
// atari while the outside liberties are open): the thrower fills the outside first, as it
// would before throwing in, and then that point is no safe fill any more.
Board fillSafeDameForThrower(const Board& board, Color thrower) {
  return fillSafeDame(fillSafeDame(board, {thrower}), {thrower, opponent(thrower)});
}

void insertChain(const Board& board, Point p, PointSet& set) { set |= board.chainStones(p); }

}  // namespace

SekiAnalysis analyseSeki(const Board& board) {
  SekiAnalysis out{fillSafeDame(board), {}, {}};
  const Board& filled = out.filled;

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
    // Nor if a side fills it after connecting through its own point.
    bool connectable = false;
    region.points.forEach([&](Point p) {
      for (Color c : {Color::Black, Color::White}) {
        connectable = connectable ||
                      (touches(filled, p, c) && fillableAfterConnecting(filled, regions, p, c));
      }
    });
    if (connectable) continue;
    // Nor is it seki if either side kills the other by throwing a stone in.
    bool killable = false;
    region.points.forEach([&](Point p) {
      killable = killable || !killedByThrowInAt(filled, p, Color::Black).empty() ||
                 !killedByThrowInAt(filled, p, Color::White).empty();
    });
    if (killable) continue;
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

PointSet killedByThrowIn(const Board& board) {
  PointSet out;
  for (Color thrower : {Color::Black, Color::White}) {
    const Board filled = fillSafeDameForThrower(board, thrower);
    for (const EmptyRegion& region : emptyRegions(filled)) {
      if (!region.touchesBlack || !region.touchesWhite) continue;
      region.points.forEach([&](Point p) { out |= killedByThrowInAt(filled, p, thrower); });
    }
  }
  return out;
}

}  // namespace tengen::go
