#pragma once

#include <array>
#include <cstdint>

#include "go/color.h"
#include "go/point.h"
#include "go/point_set.h"

namespace tengen::go {

// Why a move is refused. The board itself only knows Occupied, Suicide and Ko (simple ko);
// Game adds the rest from the rules and the history.
enum class MoveVerdict {
  Legal,
  Occupied,
  Suicide,
  Ko,
  Superko,
  NotYourTurn,
  GameOver,
  OffBoard,
};

const char* verdictName(MoveVerdict v);

// Stones, chains and captures on one square board, ignorant of rulesets (those live in
// Game). Chains keep pseudo-liberties (one per stone/empty-neighbour adjacency) with the
// sum and sum of squares of their points, which is enough to tell atari exactly in O(1):
// all pseudo-liberties are the same point iff count * sumSquares == sum * sum.
// Copying a board copies only the part of its arrays the board size uses.
class Board {
 public:
  explicit Board(int size = 19);
  Board(const Board& other) : geometry_(other.geometry_) { copyFrom(other); }
  Board& operator=(const Board& other) {
    if (this != &other) copyFrom(other);
    return *this;
  }

  const Geometry& geometry() const { return geometry_; }
  int size() const { return geometry_.size(); }
  Color at(Point p) const { return cells_[p].color; }
  std::uint64_t hash() const { return hash_; }
  // Stones of `c`'s opponent that `c` has captured on this board.
  int captures(Color c) const { return captures_[colorIndex(c)]; }
  // The point `koColor()` may not play at now (simple ko), or kNoPoint.
  Point koPoint() const { return koPoint_; }
  Color koColor() const { return koColor_; }

  // Board-level legality: empty point, not the simple-ko point, and no suicide unless
  // allowed. A single-stone suicide never changes the board and is always Suicide.
  MoveVerdict check(Point p, Color c, bool allowSuicide) const;
  bool isLegal(Point p, Color c, bool allowSuicide) const {
    return check(p, c, allowSuicide) == MoveVerdict::Legal;
  }
  // The board hash after `c` plays `p`, without playing it. Precondition: check() is Legal.
  std::uint64_t hashAfter(Point p, Color c) const;

  // Precondition: check(p, c, allowSuicide) is Legal for the caller's rules. No allocation.
  void play(Point p, Color c);
  // A pass leaves the stones alone but lifts the simple-ko ban.
  void pass() { koPoint_ = kNoPoint; }
  // Setup stone (SGF AB/AW, handicap): no capture is triggered, as SGF setup requires.
  // Precondition: p is empty.
  void setStone(Point p, Color c);
  // Setup removal (SGF AE), precondition: p holds a stone.
  void removeStone(Point p);

  // Chain queries, for scoring and analysis (not the playout hot path).
  Point chainHead(Point p) const { return cells_[p].head; }
  Point nextInChain(Point p) const { return cells_[p].next; }
  int chainSize(Point p) const { return chains_[cells_[p].head].size; }
  bool inAtari(Point p) const;
  // Exact liberties of the chain through p.
  int libertyCount(Point p) const;
  PointSet liberties(Point p) const;

  // Empty points, in no particular order, for playouts that pick a random one.
  int emptyCount() const { return numEmpty_; }
  Point emptyAt(int i) const { return empties_[i]; }
  int stoneCount(Color c) const;

  // A point whose neighbours are all `c` (or edge) and whose diagonals hold at most one
  // opponent stone (none on the edge): filling it would waste an eye, so playouts skip it.
  bool isEyeLike(Point p, Color c) const;

  // The four orthogonal neighbour offsets in a padded array of this board's stride.
  std::array<int, 4> neighbourOffsets() const {
    const int s = geometry_.stride();
    return {1, -1, s, -s};
  }

  // For tests and fuzzers: recompute every incremental structure and compare.
  bool checkInvariants() const;

 private:
  struct Cell {
    Color color;
    Point head;   // chain representative; the chain record lives at chains_[head]
    Point next;   // circular list of the chain's stones
    std::uint16_t emptyIndex;
  };
  struct Chain {
    std::uint16_t pseudoLibs;
    std::uint16_t size;
    std::uint32_t libSum;
    std::uint32_t libSumSquares;
    std::uint64_t hash;  // XOR of the chain's stone keys: captures update hashes in O(1)
  };

  void copyFrom(const Board& other);
  void addLiberty(Point head, Point lib) {
    Chain& ch = chains_[head];
    ++ch.pseudoLibs;
    ch.libSum += lib;
    ch.libSumSquares += static_cast<std::uint32_t>(lib) * lib;
  }
  void removeLiberty(Point head, Point lib) {
    Chain& ch = chains_[head];
    --ch.pseudoLibs;
    ch.libSum -= lib;
    ch.libSumSquares -= static_cast<std::uint32_t>(lib) * lib;
  }
  bool chainInAtari(Point head) const {
    const Chain& ch = chains_[head];
    return static_cast<std::uint64_t>(ch.pseudoLibs) * ch.libSumSquares ==
           static_cast<std::uint64_t>(ch.libSum) * ch.libSum;
  }
  void placeStone(Point p, Color c);
  void mergeChains(Point keep, Point absorb);
  int removeChain(Point head);
  void pushEmpty(Point p);
  void popEmpty(Point p);

  Geometry geometry_;
  int numEmpty_ = 0;
  std::uint64_t hash_ = 0;
  Point koPoint_ = kNoPoint;
  Color koColor_ = Color::Empty;
  std::array<int, 2> captures_{};
  std::array<Cell, kMaxPoints> cells_;
  std::array<Chain, kMaxPoints> chains_;
  std::array<Point, kMaxSize * kMaxSize> empties_;
};

}  // namespace tengen::go
