#include "go/enclosures.h"

#include <algorithm>
#include <vector>

#include "go/regions.h"

namespace tengen::go {

Board withoutStones(const Board& board, const PointSet& removed) {
  const Geometry& g = board.geometry();
  Board out(g.size());
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point p = g.point(col, row);
      if (isStone(board.at(p)) && !removed.contains(p)) out.setStone(p, board.at(p));
    }
  }
  return out;
}

// Straight, bent and twisted fours and the other fives make two eyes whoever moves first.
// Points count as neighbours orthogonally.
bool oneEyeShape(const Board& board, const PointSet& points) {
  const int n = points.count();
  if (n <= 3) return true;
  if (n > 5) return false;
  int maxDegree = 0;
  int degreeSum = 0;
  points.forEach([&](Point p) {
    int degree = 0;
    for (int d : board.neighbourOffsets()) degree += points.contains(static_cast<Point>(p + d));
    maxDegree = std::max(maxDegree, degree);
    degreeSum += degree;
  });
  // Four points: the pyramid has a point touching the other three, the square is the one
  // four with a cycle (four adjacencies, degree sum 8). Five: the crossed five has a
  // point touching all four others, the bulky five is the one five with a cycle (a 2x2
  // square and one more: five adjacencies, degree sum 10).
  if (n == 4) return maxDegree == 3 || degreeSum == 8;
  return maxDegree == 4 || degreeSum == 10;
}

namespace {

// One part of the board that colour `encloser` walls in: a connected set of points holding
// no `encloser` stone, with the other colour's stones in it.
struct Enclosure {
  PointSet stones;     // the enclosed colour's stones
  PointSet points;     // the part itself
  PointSet boundary;   // the encloser's stones next to it
  PointSet eye;        // empty points whose empty region touches no encloser stone
  int eyeRegions = 0;  // those regions
  int size = 0;        // points

  // Some chain of the wall is short of liberties (wallIsWeak): the wall may be the one to
  // die in a capturing race, so nothing is settled.
  bool weakWall = false;

  // At most one eye, and that one the encloser kills by playing its vital point first
  // (oneEyeShape): no way to two eyes. (Another single eye may still be split in two, and
  // two eyes live: the playouts judge those.)
  bool hopeless(const Board& board) const {
    return !weakWall && (eyeRegions == 0 || (eyeRegions == 1 && oneEyeShape(board, eye)));
  }
};

// Whether `c` can take `liberty` from a chain next to it without losing the stone there at
// once: a legal move that captures, or whose chain keeps two liberties. Filling an
// opponent's liberty by suicide or self-atari shortens no capturing race.
bool fillsSafely(const Board& board, Point liberty, Color c) {
  if (!board.isLegal(liberty, c, /*allowSuicide=*/false)) return false;
  if (board.captures(liberty, c)) return true;
  Board after = board;
  after.play(liberty, c);
  return after.libertyCount(liberty) >= 2;
}

// Whether `c` can safely fill `liberty` now, or after one safe move that gives a chain of
// its own next to `liberty` another liberty (a chain short of liberties first connects out,
// then fills).
bool fillsAfterPreparing(const Board& board, Point liberty, Color c) {
  if (fillsSafely(board, liberty, c)) return true;
  bool fills = false;
  PointSet tried;  // a chain touching `liberty` twice, or two sharing a liberty: once each
  tried.insert(liberty);
  for (int d : board.neighbourOffsets()) {
    const Point n = static_cast<Point>(liberty + d);
    if (fills || board.at(n) != c) continue;
    board.liberties(n).forEach([&](Point first) {
      if (fills || tried.contains(first)) return;
      tried.insert(first);
      if (!fillsSafely(board, first, c)) return;
      Board prepared = board;
      prepared.play(first, c);
      fills = fillsSafely(prepared, liberty, c);
    });
  }
  return fills;
}

// Whether `c` can fill one of `liberties` (fillsAfterPreparing).
bool approachable(const Board& board, const PointSet& liberties, Color c) {
  bool any = false;
  liberties.forEach([&](Point l) { any = any || fillsAfterPreparing(board, l, c); });
  return any;
}

// Whether the wall chain `chain` can safely fill a liberty of an enclosed chain next to it.
// If neither side can approach the other, the two may be in seki, which is no settled
// death.
bool approachesInside(const Board& board, const PointSet& chain, const PointSet& inside) {
  const Color own = board.at(chain.first());
  const Color enclosed = opponent(own);
  bool any = false;
  PointSet heads;  // each enclosed chain once, however many wall stones it touches
  chain.forEach([&](Point s) {
    for (int d : board.neighbourOffsets()) {
      const Point n = static_cast<Point>(s + d);
      if (any || board.at(n) != enclosed || !inside.contains(n)) continue;
      const Point head = board.chainHead(n);
      if (heads.contains(head)) continue;
      heads.insert(head);
      any = approachable(board, board.liberties(n), own);
    }
  });
  return any;
}

// Whether some chain of `wall` is in atari, or has two liberties and either both inside
// or no more than an enclosed chain it touches: such a wall may lose a capturing race to
// the stones it encloses. (A wall's liberties are usually all inside the territory it
// makes; it is their number that matters.) Two liberties neither of which the other
// colour can fill safely, even after connecting a short chain out (fillsAfterPreparing),
// are no weakness while the wall can approach the stones inside: a liberty beside the
// wall's own dead stone that would be suicide to fill, another in a corner where filling is
// self-atari. (When neither side can approach the other, they may be in seki.)
bool wallIsWeak(const Board& board, const PointSet& wall, const PointSet& inside) {
  PointSet seen;
  bool weak = false;
  const auto offsets = board.neighbourOffsets();
  wall.forEach([&](Point p) {
    if (weak || seen.contains(p)) return;
    const PointSet chain = board.chainStones(p);
    seen |= chain;
    const PointSet liberties = board.liberties(p);
    const int count = liberties.count();
    if (count > 2) return;
    const Color enclosed = opponent(board.at(p));
    if (count == 2 && !approachable(board, liberties, enclosed) &&
        approachesInside(board, chain, inside)) {
      return;
    }
    bool outside = false;
    liberties.forEach([&](Point l) { outside = outside || !inside.contains(l); });
    bool outnumbered = false;
    chain.forEach([&](Point s) {
      for (int d : offsets) {
        const Point n = static_cast<Point>(s + d);
        if (board.at(n) == enclosed && board.libertyCount(n) >= count) outnumbered = true;
      }
    });
    weak = count == 1 || !outside || outnumbered;
  });
  return weak;
}

std::vector<Enclosure> enclosures(const Board& board, Color encloser) {
  const Geometry& g = board.geometry();
  const auto offsets = board.neighbourOffsets();
  const Color enclosed = opponent(encloser);
  const std::vector<EmptyRegion> regions = emptyRegions(board);
  PointSet eyeSpace;   // empty points of regions the encloser does not touch
  PointSet eyeFirsts;  // the first point of each such region, to count regions
  for (const EmptyRegion& r : regions) {
    if (encloser == Color::Black ? r.touchesBlack : r.touchesWhite) continue;
    eyeSpace |= r.points;
    eyeFirsts.insert(r.points.first());
  }
  std::vector<Enclosure> out;
  PointSet visited;
  std::vector<Point> stack;
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const Point start = g.point(col, row);
      if (board.at(start) == encloser || visited.contains(start)) continue;
      Enclosure e;
      visited.insert(start);
      stack.push_back(start);
      while (!stack.empty()) {
        const Point p = stack.back();
        stack.pop_back();
        if (board.at(p) == enclosed) e.stones.insert(p);
        if (eyeSpace.contains(p)) e.eye.insert(p);
        if (eyeFirsts.contains(p)) ++e.eyeRegions;
        ++e.size;
        e.points.insert(p);
        for (int d : offsets) {
          const Point n = static_cast<Point>(p + d);
          const Color c = board.at(n);
          if (c == encloser) {
            e.boundary.insert(n);
          } else if (c != Color::Border && !visited.contains(n)) {
            visited.insert(n);
            stack.push_back(n);
          }
        }
      }
      if (e.stones.empty()) continue;
      e.weakWall = wallIsWeak(board, e.boundary, e.points);
      out.push_back(e);
    }
  }
  return out;
}

}  // namespace

PointSet enclosedStones(const Board& board) {
  const Geometry& g = board.geometry();
  PointSet removed;
  Board current = board;
  for (;;) {
    std::vector<Enclosure> candidates;
    for (Color c : {Color::Black, Color::White}) {
      for (Enclosure& e : enclosures(current, c)) {
        // An area of half the board or more that holds every stone of the enclosed colour
        // is no wall but open play (a game ended by passes in the opening), and stones
        // outnumbering the wall around them are no dead stones in a territory but an
        // unsettled part of the board (a game ended by passes early): the playouts judge.
        const bool walled = (2 * e.size < g.size() * g.size() ||
                             e.stones.count() < current.stoneCount(opponent(c))) &&
                            e.stones.count() <= e.boundary.count();
        if (e.hopeless(current) && walled) candidates.push_back(std::move(e));
      }
    }
    if (candidates.empty()) return removed;
    PointSet flagged;
    for (const Enclosure& e : candidates) flagged |= e.stones;
    PointSet take;
    for (const Enclosure& e : candidates) {
      PointSet shared = e.boundary;
      shared &= flagged;
      if (shared.empty()) take |= e.stones;
    }
    if (take.empty()) {
      const Enclosure* smallest = &candidates.front();
      for (const Enclosure& e : candidates) {
        if (e.stones.count() < smallest->stones.count()) smallest = &e;
      }
      take = smallest->stones;
    }
    removed |= take;
    current = withoutStones(board, removed);
  }
}
}  // namespace tengen::go
