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

namespace board_detail {

// Board::Chain packs a pseudo-liberty count, sum and sum of squares into one word. A
// chain has at most one pseudo-liberty per edge of the grid, so with that many at the
// largest point no field overflows into the next.
constexpr int kCountBits = 11;
constexpr int kSumBits = 20;
constexpr std::uint64_t kMaxPseudoLibs = 2 * kMaxSize * (kMaxSize - 1);
static_assert(kMaxPseudoLibs < (1u << kCountBits));
static_assert(kMaxPseudoLibs * (kMaxPoints - 1) < (1u << kSumBits));
static_assert(kMaxPseudoLibs * (kMaxPoints - 1) * (kMaxPoints - 1) <
              (std::uint64_t{1} << (64 - kCountBits - kSumBits)));
inline constexpr std::array<std::uint64_t, kMaxPoints> kLibertyUnits = [] {
  std::array<std::uint64_t, kMaxPoints> units{};
  for (std::uint64_t p = 0; p < units.size(); ++p) {
    units[p] = 1 + (p << kCountBits) + ((p * p) << (kCountBits + kSumBits));
  }
  return units;
}();

}  // namespace board_detail

// Stones, chains and captures on one square board, ignorant of rulesets (those live in
// Game). Chains keep pseudo-liberties (one per stone/empty-neighbour adjacency) with the
// sum and sum of squares of their points, which is enough to tell atari exactly in O(1):
// all pseudo-liberties are the same point iff count * sumSquares == sum * sum.
// Each point also keeps the colours of its eight neighbours in one word, for eye and
// legality tests. The playout path (isPlayoutCandidate, play) favours masks and selects
// over branches, since random positions make branches unpredictable.
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
    if (matching(around_[p], Color::Empty) & kOrthogonal) return MoveVerdict::Legal;
    return checkSurrounded(p, c, allowSuicide);
  }
  // Whether c at the empty point p would take the last liberty of an opponent chain.
  bool captures(Point p, Color c) const {
    const Color them = opponent(c);
    if (!(matching(around_[p], them) & kOrthogonal)) return false;
    const std::uint64_t unit = libertyUnit(p);
    for (const int d : neighbourOffsets()) {
      const int n = p + d;
      if (color_[n] == them && chainInAtariAt(head_[n], unit)) return true;
    }
    return false;
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
  bool inAtari(Point p) const {
    const Point head = head_[p];
    return libertyCount(chains_[head].libs) > 0 && chainInAtari(head);
  }
  // The one liberty of the chain through p, which is in atari (precondition: inAtari(p)):
  // every pseudo-liberty is that point, so it is their sum over their count.
  Point atariLiberty(Point p) const {
    const std::uint64_t libs = chains_[head_[p]].libs;
    const std::uint64_t sum = (libs >> kCountBits) & ((1u << kSumBits) - 1);
    return static_cast<Point>(sum / libertyCount(libs));
  }
  // The liberties of the chain through p when it has one or two, written to `out` (which
  // holds two); returns 1, 2, or 3 for "three or more" (0 for a chain with none, which
  // only a capture in progress leaves). Walks the chain only to its first
  // liberty: the packed sums then tell whether one other point holds all the rest.
  int fewLiberties(Point p, Point* out) const;
  // Exact liberties of the chain through p.
  int libertyCount(Point p) const;
  PointSet liberties(Point p) const;
  // Every stone of the chain through p (a stone).
  PointSet chainStones(Point p) const;

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

  // A playout's test: legal for `c` and not eye-like, from one read of the colours around.
  bool isPlayoutCandidate(Point p, Color c, bool allowSuicide) const {
    const std::uint32_t around = around_[p];
    // A liberty makes the move legal and the point no eye (the ko point never has one).
    if (matching(around, Color::Empty) & kOrthogonal) return true;
    // Otherwise every test is computed and combined without branches: which one decides
    // is unpredictable in a random position.
    const bool ko = (p == koPoint_) & (c == koColor_);
    return !ko & !surroundedEyeLike(around, c) & surroundedLegal(p, c, allowSuicide, around);
  }

  // Which of p's eight neighbours are empty, from one read of the colours around: bit 4i
  // for the i-th of +1, -1, +stride, -stride, +stride+1, +stride-1, -stride+1, -stride-1
  // (aroundOffsets' order). Off-board neighbours are not empty.
  std::uint32_t emptyAround(Point p) const { return matching(around_[p], Color::Empty); }

  // The empty points among p's four orthogonal neighbours, from one read of the colours
  // around. Two or more: a stone at p keeps a liberty whatever it joins (no self-atari).
  int emptyNeighbours(Point p) const {
    // One bit per neighbour, four bits apart: a multiply adds them up in the top nibble
    // (std::popcount is a library call on the baseline x86-64 this builds for).
    const std::uint32_t empty = emptyAround(p) & kOrthogonal;
    return static_cast<int>(((empty * 0x1111u) >> 12) & 0xFu);
  }

  // A point whose neighbours are all `c` (or edge) and whose diagonals hold at most one
  // opponent stone (none on the edge): filling it would waste an eye, so playouts skip it.
  bool isEyeLike(Point p, Color c) const {
    const std::uint32_t around = around_[p];
    return !(matching(around, Color::Empty) & kOrthogonal) && surroundedEyeLike(around, c);
  }

  // The four orthogonal neighbour offsets in a padded array of this board's stride.
  std::array<int, 4> neighbourOffsets() const {
    const int s = geometry_.stride();
    return {1, -1, s, -s};
  }

  // For tests and fuzzers: recompute every incremental structure and compare.
  bool checkInvariants() const;

 private:
  // A chain's pseudo-liberties live in one word, so that adding or removing one is a
  // single add: count in bits 0-10, sum of points in bits 11-30, sum of squares above
  // (board_detail checks that no field can overflow into the next).
  struct Chain {
    std::uint64_t libs;
    std::uint32_t size;
  };
  static constexpr int kCountBits = board_detail::kCountBits;
  static constexpr int kSumBits = board_detail::kSumBits;
  static constexpr std::uint64_t kCountMask = (1u << kCountBits) - 1;
  // What one pseudo-liberty at p adds to Chain::libs (a table read is cheaper than the
  // multiply and shifts).
  static std::uint64_t libertyUnit(int p) { return board_detail::kLibertyUnits[p]; }
  static constexpr std::uint32_t libertyCount(std::uint64_t libs) {
    return static_cast<std::uint32_t>(libs & kCountMask);
  }

  void copyFrom(const Board& other);

  // The colours around a point, one nibble each with the bit `1 << Color` set: the
  // orthogonal neighbours at +1, -1, +stride, -stride in bits 0-15, the diagonals at
  // +stride+1, +stride-1, -stride+1, -stride-1 in bits 16-31. Eye and legality tests read
  // one word, and "which neighbours are colour c" is a shift and a mask.
  static constexpr std::uint32_t kOrthogonal = 0x0000'1111;  // bit 0 of each nibble
  static constexpr std::uint32_t kDiagonal = 0x1111'0000;
  static constexpr int kFieldBits = 4;
  // Bit 0 of the nibble of every neighbour of colour c.
  static constexpr std::uint32_t matching(std::uint32_t around, Color c) {
    return (around >> static_cast<int>(c)) & (kOrthogonal | kDiagonal);
  }
  // The eight offsets in field order, and the word they give for p, computed afresh.
  std::uint32_t aroundOf(Point p) const;
  std::array<int, 8> aroundOffsets() const {
    const int s = geometry_.stride();
    return {1, -1, s, -s, s + 1, s - 1, -s + 1, -s - 1};
  }
  // A stone of colour c is placed on (sign +1) or removed from (sign -1) point p: each of
  // the eight surrounding points sees it in its field facing p (the opposite offset), whose
  // set bit moves between Empty's and c's. Border points' words take updates unread.
  void updateAround(int p, Color c, int sign) {
    const int s = geometry_.stride();
    const std::uint32_t v = static_cast<std::uint32_t>(sign * ((1 << static_cast<int>(c)) - 1));
    around_[p + 1] += v << (1 * kFieldBits);  // p is its -1 neighbour
    around_[p - 1] += v << (0 * kFieldBits);  // +1
    around_[p + s] += v << (3 * kFieldBits);  // -stride
    around_[p - s] += v << (2 * kFieldBits);  // +stride
    around_[p + s + 1] += v << (7 * kFieldBits);
    around_[p + s - 1] += v << (6 * kFieldBits);
    around_[p - s + 1] += v << (5 * kFieldBits);
    around_[p - s - 1] += v << (4 * kFieldBits);
  }
  // isEyeLike for a point with no empty orthogonal neighbour.
  static bool surroundedEyeLike(std::uint32_t around, Color c) {
    const std::uint32_t enemy = matching(around, opponent(c));
    const unsigned diagonals = enemy & kDiagonal;
    // On the edge or in the corner a single enemy diagonal already spoils the eye;
    // elsewhere two do ((x & (x - 1)) == 0 iff x has at most one bit).
    const bool edge = (matching(around, Color::Border) & kOrthogonal) != 0;
    const unsigned spoilers = edge ? diagonals : (diagonals & (diagonals - 1));
    return !(enemy & kOrthogonal) & (spoilers == 0);
  }
  // Legality for a point with no empty orthogonal neighbour: an own neighbour's chain
  // keeps another liberty or an enemy neighbour's chain is in atari (p is its last
  // liberty), or the move is a multi-stone suicide and suicide is allowed. All four
  // neighbours are evaluated without branching on their colours; a border point's record
  // is unused and its answer masked out.
  bool surroundedLegal(Point p, Color c, bool allowSuicide, std::uint32_t around) const {
    const unsigned own = matching(around, c) & kOrthogonal;
    const unsigned enemy = matching(around, opponent(c)) & kOrthogonal;
    const auto offsets = neighbourOffsets();
    const std::uint64_t unit = libertyUnit(p);
    unsigned atari = 0;
    for (int i = 0; i < 4; ++i) {
      atari |= static_cast<unsigned>(chainInAtariAt(head_[p + offsets[i]], unit))
               << (kFieldBits * i);
    }
    return (((own & ~atari) | (enemy & atari)) != 0) | (allowSuicide & (own != 0));
  }
  // The same test as surroundedLegal, with early exits, for check().
  MoveVerdict checkSurrounded(Point p, Color c, bool allowSuicide) const;
  // XOR of the keys of the chain's stones (walks the chain: for hashAfter, not playouts).
  std::uint64_t chainHash(Point head) const;
  int countColor(Color c) const;
  bool chainInAtari(Point head) const {
    const std::uint64_t libs = chains_[head].libs;
    const std::uint64_t sum = (libs >> kCountBits) & ((1u << kSumBits) - 1);
    return libertyCount(libs) * (libs >> (kCountBits + kSumBits)) == sum * sum;
  }
  // For a chain next to the empty point with liberty unit `unit`: in atari iff that point
  // is its only liberty, iff every pseudo-liberty is that point, iff libs is count units
  // (no field of count * unit overflows, by the bound on the count).
  bool chainInAtariAt(Point head, std::uint64_t unit) const {
    const std::uint64_t libs = chains_[head].libs;
    return libs == libertyCount(libs) * unit;
  }
  void placeStone(Point p, Color c);
  // Joins two chains under one head and returns that head.
  Point mergeChains(Point keep, Point absorb);
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
  // Colours around each point (see matching()); border points' words are never read.
  std::array<std::uint32_t, kMaxPoints> around_;
  std::array<Point, kMaxPoints> head_;  // chain representative; its record is chains_[head]
  std::array<Point, kMaxPoints> next_;  // circular list of the chain's stones
  std::array<std::uint16_t, kMaxPoints> emptyIndex_;
  std::array<Chain, kMaxPoints> chains_;
  std::array<Point, kMaxSize * kMaxSize> empties_;
};

}  // namespace tengen::go
