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
  Color at(Point p) const { return color_[p]; }
  std::uint64_t hash() const { return hash_; }
  // Stones of `c`'s opponent that `c` has captured on this board.
  int captures(Color c) const { return captures_[colorIndex(c)]; }
  // The point `koColor()` may not play at now (simple ko), or kNoPoint.
  Point koPoint() const { return koPoint_; }
  Color koColor() const { return koColor_; }

  // Board-level legality: empty point, not the simple-ko point, and no suicide unless
  // allowed. A single-stone suicide never changes the board and is always Suicide.
  MoveVerdict check(Point p, Color c, bool allowSuicide) const {
    if (color_[p] != Color::Empty) return MoveVerdict::Occupied;
    // The ko point is surrounded by the capturer and retaking would always capture.
    if (p == koPoint_ && c == koColor_) return MoveVerdict::Ko;
    if (neighbours_[p] & countMask(Color::Empty)) return MoveVerdict::Legal;
    return checkSurrounded(p, c, allowSuicide);
  }
  bool isLegal(Point p, Color c, bool allowSuicide) const {
    return check(p, c, allowSuicide) == MoveVerdict::Legal;
  }
  // The board hash after `c` plays `p`, without playing it. Precondition: check() is Legal,
  // or Ko (a retake always captures, so it is a legal board change).
  std::uint64_t hashAfter(Point p, Color c) const;

  // Precondition: check(p, c, allowSuicide) is Legal for the caller's rules. No allocation.
  void play(Point p, Color c);
  // A pass leaves the stones alone but lifts the simple-ko ban.
  void pass() { koPoint_ = kNoPoint; }
  // Setup stone (SGF AB/AW, handicap): no capture is triggered, as SGF setup requires.
  // Preconditions: p is empty, and every chain keeps a liberty (Game::setupStone checks).
  void setStone(Point p, Color c);
  // Setup removal (SGF AE), precondition: p holds a stone.
  void removeStone(Point p);

  // Chain queries, for scoring and analysis (not the playout hot path).
  Point chainHead(Point p) const { return head_[p]; }
  Point nextInChain(Point p) const { return next_[p]; }
  int chainSize(Point p) const { return chains_[head_[p]].size; }
  bool inAtari(Point p) const;
  // Exact liberties of the chain through p.
  int libertyCount(Point p) const;
  PointSet liberties(Point p) const;

  // Empty points, in no particular order, for playouts that pick a random one.
  int emptyCount() const { return numEmpty_; }
  Point emptyAt(int i) const { return empties_[i]; }
  // Reorders the empty-point list (which has no meaning beyond membership), so a sampler
  // can move points it has tried out of its way.
  void swapEmpties(int i, int j) {
    const Point a = empties_[i];
    const Point b = empties_[j];
    empties_[i] = b;
    empties_[j] = a;
    emptyIndex_[a] = static_cast<std::uint16_t>(j);
    emptyIndex_[b] = static_cast<std::uint16_t>(i);
  }
  int stoneCount(Color c) const { return stones_[colorIndex(c)]; }

  // A playout's test: legal for `c` and not eye-like, reading the neighbour counts once.
  bool isPlayoutCandidate(Point p, Color c, bool allowSuicide) const {
    const std::uint16_t counts = neighbours_[p];
    // A liberty makes the move legal and the point no eye (the ko point never has one).
    if (counts & countMask(Color::Empty)) return true;
    if (!(counts & countMask(opponent(c))) && isEyeLike(p, c)) return false;
    if (p == koPoint_ && c == koColor_) return false;
    return checkSurrounded(p, c, allowSuicide) == MoveVerdict::Legal;
  }

  // A point whose neighbours are all `c` (or edge) and whose diagonals hold at most one
  // opponent stone (none on the edge): filling it would waste an eye, so playouts skip it.
  bool isEyeLike(Point p, Color c) const {
    // All neighbours own or edge <=> no empty and no opponent neighbour: one mask test.
    const std::uint16_t counts = neighbours_[p];
    if (counts & (countMask(Color::Empty) | countMask(opponent(c)))) return false;
    const Color them = opponent(c);
    const int s = geometry_.stride();
    const int enemyDiagonals = (color_[p + s + 1] == them) + (color_[p + s - 1] == them) +
                               (color_[p - s + 1] == them) + (color_[p - s - 1] == them);
    // On the edge or in the corner a single enemy diagonal already spoils the eye.
    return enemyDiagonals < ((counts & countMask(Color::Border)) ? 1 : 2);
  }

  // The four orthogonal neighbour offsets in a padded array of this board's stride.
  std::array<int, 4> neighbourOffsets() const {
    const int s = geometry_.stride();
    return {1, -1, s, -s};
  }

  // For tests and fuzzers: recompute every incremental structure and compare.
  bool checkInvariants() const;

 private:
  struct Chain {
    std::uint32_t pseudoLibs;  // 32-bit fields keep the record 16 bytes for cheap indexing
    std::uint32_t size;
    std::uint32_t libSum;
    std::uint32_t libSumSquares;
  };

  void copyFrom(const Board& other);
  // The legality test for a point with no empty neighbour: captures, atari, suicide.
  MoveVerdict checkSurrounded(Point p, Color c, bool allowSuicide) const;
  // XOR of the keys of the chain's stones (walks the chain: for hashAfter, not playouts).
  std::uint64_t chainHash(Point head) const;
  int countColor(Color c) const;
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
  static constexpr std::uint16_t countUnit(Color c) {
    return static_cast<std::uint16_t>(1u << (4 * static_cast<int>(c)));
  }
  static constexpr std::uint16_t countMask(Color c) {
    return static_cast<std::uint16_t>(0xFu << (4 * static_cast<int>(c)));
  }
  int neighbourCount(Point p, Color c) const {
    return (neighbours_[p] >> (4 * static_cast<int>(c))) & 0xF;
  }
  // Moves the four neighbours' counts of p from `from` to `to`.
  void recountNeighbours(Point p, Color from, Color to) {
    const std::uint16_t delta = static_cast<std::uint16_t>(countUnit(to) - countUnit(from));
    const int s = geometry_.stride();
    neighbours_[p + 1] += delta;
    neighbours_[p - 1] += delta;
    neighbours_[p + s] += delta;
    neighbours_[p - s] += delta;
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
  std::array<int, 2> stones_{};
  // Per-point arrays (structure of arrays: the hot loops index them with plain scaling).
  std::array<Color, kMaxPoints> color_;
  // Neighbour counts by colour, 4 bits each (Empty, Black, White, Border from the low
  // end): legality and eye tests read one word instead of four cells. Border points'
  // counts are never read.
  std::array<std::uint16_t, kMaxPoints> neighbours_;
  std::array<Point, kMaxPoints> head_;  // chain representative; its record is chains_[head]
  std::array<Point, kMaxPoints> next_;  // circular list of the chain's stones
  std::array<std::uint16_t, kMaxPoints> emptyIndex_;
  std::array<Chain, kMaxPoints> chains_;
  std::array<Point, kMaxSize * kMaxSize> empties_;
};

}  // namespace tengen::go
