#include "go/board.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>

#include "go/zobrist.h"

namespace tengen::go {

const char* verdictName(MoveVerdict v) {
  switch (v) {
    case MoveVerdict::Legal:
      return "legal";
    case MoveVerdict::Occupied:
      return "occupied";
    case MoveVerdict::Suicide:
      return "suicide";
    case MoveVerdict::Ko:
      return "ko";
    case MoveVerdict::Superko:
      return "superko";
    case MoveVerdict::NotYourTurn:
      return "not your turn";
    case MoveVerdict::GameOver:
      return "game over";
    case MoveVerdict::OffBoard:
      return "off board";
  }
  return "?";
}

Board::Board(int size) : geometry_(size) {
  assert(size >= kMinSize && size <= kMaxSize);
  const int n = geometry_.numPoints();
  for (int p = 0; p < n; ++p) {
    color_[p] = Color::Border;
    around_[p] = 0;
    head_[p] = static_cast<Point>(p);
    next_[p] = static_cast<Point>(p);
    emptyIndex_[p] = 0;
    chains_[p] = Chain{};
  }
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      Point p = geometry_.point(col, row);
      color_[p] = Color::Empty;
      pushEmpty(p);
    }
  }
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p = geometry_.point(col, row);
      around_[p] = aroundOf(p);
    }
  }
}

void Board::copyFrom(const Board& other) {
  geometry_ = other.geometry_;
  numEmpty_ = other.numEmpty_;
  hash_ = other.hash_;
  koPoint_ = other.koPoint_;
  koColor_ = other.koColor_;
  captures_ = other.captures_;
  stones_ = other.stones_;
  const int n = geometry_.numPoints();
  std::memcpy(color_.data(), other.color_.data(), n * sizeof(Color));
  std::memcpy(around_.data(), other.around_.data(), n * sizeof(std::uint32_t));
  std::memcpy(head_.data(), other.head_.data(), n * sizeof(Point));
  std::memcpy(next_.data(), other.next_.data(), n * sizeof(Point));
  std::memcpy(emptyIndex_.data(), other.emptyIndex_.data(), n * sizeof(std::uint16_t));
  std::memcpy(chains_.data(), other.chains_.data(), n * sizeof(Chain));
  std::memcpy(empties_.data(), other.empties_.data(), numEmpty_ * sizeof(Point));
}

std::uint32_t Board::aroundOf(Point p) const {
  std::uint32_t around = 0;
  int shift = 0;
  for (const int d : aroundOffsets()) {
    around |= (1u << static_cast<int>(color_[p + d])) << shift;
    shift += kFieldBits;
  }
  return around;
}

void Board::pushEmpty(Point p) {
  emptyIndex_[p] = static_cast<std::uint16_t>(numEmpty_);
  empties_[numEmpty_++] = p;
}

void Board::popEmpty(Point p) {
  const int i = emptyIndex_[p];
  const Point moved = empties_[--numEmpty_];
  empties_[i] = moved;
  emptyIndex_[moved] = static_cast<std::uint16_t>(i);
}

MoveVerdict Board::checkSurrounded(Point p, Color c, bool allowSuicide) const {
  // Game's path (legal-point maps, GTP), where early exits pay, unlike in playouts
  // (surroundedLegal). p is empty, so it is a liberty of every chain next to it.
  const std::uint64_t unit = libertyUnit(p);
  const Color them = opponent(c);
  bool hasOwnNeighbour = false;
  for (const int d : neighbourOffsets()) {
    const int n = p + d;
    const Color nc = color_[n];
    if (nc == c) {
      hasOwnNeighbour = true;
      if (!chainInAtariAt(head_[n], unit)) return MoveVerdict::Legal;
    } else if (nc == them && chainInAtariAt(head_[n], unit)) {
      return MoveVerdict::Legal;  // captures
    }
  }
  // No liberty, no capture: the stone would die. Only a multi-stone suicide changes the board.
  return (allowSuicide && hasOwnNeighbour) ? MoveVerdict::Legal : MoveVerdict::Suicide;
}

std::uint64_t Board::chainHash(Point head) const {
  const Color c = color_[head];
  std::uint64_t h = 0;
  Point s = head;
  do {
    h ^= zobristStone(s, c);
    s = next_[s];
  } while (s != head);
  return h;
}

std::uint64_t Board::hashAfter(Point p, Color c) const {
  std::uint64_t h = hash_ ^ zobristStone(p, c);
  std::uint64_t ownChains = zobristStone(p, c);
  // p is empty, so it is a liberty of every chain next to it: atari means it is the only one.
  const std::uint64_t unit = libertyUnit(p);
  Point seen[4];
  int numSeen = 0;
  bool hasLiberty = false;
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = color_[n];
    if (nc == Color::Empty) {
      hasLiberty = true;
      continue;
    }
    if (!isStone(nc)) continue;
    const Point head = head_[n];
    if (std::find(seen, seen + numSeen, head) != seen + numSeen) continue;
    seen[numSeen++] = head;
    if (nc == c) {
      ownChains ^= chainHash(head);
      if (!chainInAtariAt(head, unit)) hasLiberty = true;
    } else if (chainInAtariAt(head, unit)) {
      h ^= chainHash(head);
      hasLiberty = true;  // the captured stones leave at least one liberty
    }
  }
  if (!hasLiberty) h ^= ownChains;  // multi-stone suicide removes the merged chain
  return h;
}

void Board::placeStone(Point p, Color c) {
  color_[p] = c;
  head_[p] = p;
  next_[p] = p;
  popEmpty(p);
  updateAround(p, c, +1);
  hash_ ^= zobristStone(p, c);
  ++stones_[colorIndex(c)];
  chains_[p] = Chain{0, 1};
}

void Board::setStone(Point p, Color c) {
  assert(color_[p] == Color::Empty && isStone(c));
  placeStone(p, c);
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = color_[n];
    if (nc == Color::Empty) {
      chains_[p].libs += libertyUnit(n);
    } else if (isStone(nc)) {
      chains_[head_[n]].libs -= libertyUnit(p);
    }
  }
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    if (color_[n] == c && head_[n] != head_[p]) {
      mergeChains(head_[n], head_[p]);
    }
  }
  koPoint_ = kNoPoint;
}

void Board::removeStone(Point p) {
  assert(isStone(color_[p]));
  // Rebuild the chains around p from scratch: setup edits are rare, correctness matters.
  const int size = geometry_.size();
  Board rebuilt(size);
  rebuilt.captures_ = captures_;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point q = geometry_.point(col, row);
      if (q != p && isStone(color_[q])) rebuilt.setStone(q, color_[q]);
    }
  }
  *this = rebuilt;
}

Point Board::mergeChains(Point keep, Point absorb) {
  // Relabel the smaller chain so a long chain absorbing single stones stays O(1) per move.
  // Selects rather than a branch: which chain is larger is a coin toss in playouts.
  const unsigned flip = (keep ^ absorb) & (0u - (chains_[keep].size < chains_[absorb].size));
  keep = static_cast<Point>(keep ^ flip);
  absorb = static_cast<Point>(absorb ^ flip);
  // Four stones per step, going round the ring again if it is shorter (relabelling is
  // idempotent): the loop then ends after one step for the usual small chains, instead of
  // at an unpredictable stone.
  Point s = absorb;
  for (int left = static_cast<int>(chains_[absorb].size); left > 0; left -= 4) {
    head_[s] = keep;
    s = next_[s];
    head_[s] = keep;
    s = next_[s];
    head_[s] = keep;
    s = next_[s];
    head_[s] = keep;
    s = next_[s];
  }
  std::swap(next_[keep], next_[absorb]);
  chains_[keep].libs += chains_[absorb].libs;
  chains_[keep].size += chains_[absorb].size;
  return keep;
}

int Board::removeChain(Point head) {
  const Color c = color_[head];
  const int removed = static_cast<int>(chains_[head].size);
  const int stride = geometry_.stride();
  Point s = head;
  do {
    const Point next = next_[s];
    hash_ ^= zobristStone(s, c);
    color_[s] = Color::Empty;
    updateAround(s, c, -1);
    pushEmpty(s);
    // The freed point becomes a pseudo-liberty of every chain around it. Updating all four
    // neighbours' records without looking at their colour is safe: an empty or border
    // point is its own head with an unused record, and this chain's own stones name its
    // head (or, once freed, themselves), whose record is no longer used either.
    const std::uint64_t unit = libertyUnit(s);
    for (const int d : {1, -1, stride, -stride}) chains_[head_[s + d]].libs += unit;
    head_[s] = s;
    next_[s] = s;
    s = next;
  } while (s != head);
  stones_[colorIndex(c)] -= removed;
  return removed;
}

void Board::play(Point p, Color c) {
  assert(color_[p] == Color::Empty);
  const std::uint32_t around = around_[p];
  // p is empty, so it is already its own head and a one-point ring (checkInvariants).
  color_[p] = c;
  popEmpty(p);
  updateAround(p, c, +1);
  hash_ ^= zobristStone(p, c);
  ++stones_[colorIndex(c)];
  koPoint_ = kNoPoint;
  // Indices as int, not Point: 16-bit arithmetic would cost a zero-extension per use.
  const int s = geometry_.stride();
  if ((around & kOrthogonal) == kOrthogonal) {
    // Open point (all four neighbours empty), the most common move early in playouts: they
    // sum to 4p and their squares to 4p^2 + 2 + 2s^2; no merge, no capture, no ko.
    const std::uint64_t spread = 2 + 2 * static_cast<std::uint64_t>(s * s);
    chains_[p] = Chain{4 * libertyUnit(p) + (spread << (kCountBits + kSumBits)), 1};
    return;
  }
  // n[4] = p itself, so that "first own neighbour, else p" is an index, not a branch.
  const int n[5] = {p + 1, p - 1, p + s, p - s, p};
  // Masks and selects instead of branches: which neighbour is which colour is what a
  // random playout cannot predict, and mispredictions cost more than the arithmetic.
  // Bit 4i of each mask stands for n[i].
  const unsigned empty = matching(around, Color::Empty) & kOrthogonal;
  const unsigned own = matching(around, c) & kOrthogonal;
  const Color them = opponent(c);
  const std::uint64_t unit = libertyUnit(p);
  std::uint64_t libs = 0;
  unsigned zero = 0;
  for (int i = 0; i < 4; ++i) {
    const int q = n[i];
    libs += libertyUnit(q) & (0 - static_cast<std::uint64_t>((empty >> (kFieldBits * i)) & 1));
    // Every neighbouring chain loses p as a pseudo-liberty. Empty and border points are
    // their own heads and their chain records are unused, so they can absorb the update.
    Chain& ch = chains_[head_[q]];
    ch.libs -= unit;
    zero |= static_cast<unsigned>(libertyCount(ch.libs) == 0) << (kFieldBits * i);
  }
  // An enemy chain is captured when its count reaches zero, which happens at exactly one
  // of its adjacencies to p, so each dead chain gets one bit.
  unsigned dead = zero & matching(around, them) & kOrthogonal;
  // The stone joins its first own neighbour's chain in O(1), or heads a chain of its own.
  Point head = head_[n[std::countr_zero(own | (1u << (4 * kFieldBits))) / kFieldBits]];
  head_[p] = head;
  next_[p] = next_[head];
  next_[head] = p;  // when head == p both are p already
  chains_[p] = Chain{};
  chains_[head].libs += libs;
  chains_[head].size += 1;
  // Other own chains it touches are merged by relabelling the smaller one.
  unsigned others = 0;
  for (int i = 0; i < 4; ++i) {
    others |= static_cast<unsigned>(head_[n[i]] != head) << (kFieldBits * i);
  }
  for (others &= own; others; others &= others - 1) {
    const Point other = head_[n[std::countr_zero(others) / kFieldBits]];
    if (other != head) head = mergeChains(other, head);
  }
  int captured = 0;
  int lastCaptured = kNoPoint;
  for (; dead; dead &= dead - 1) {
    lastCaptured = n[std::countr_zero(dead) / kFieldBits];
    captured += removeChain(head_[lastCaptured]);
  }
  if (captured > 0) {
    captures_[colorIndex(c)] += captured;
    if (captured == 1 && chains_[head].size == 1 && chainInAtari(head)) {
      koPoint_ = static_cast<Point>(lastCaptured);
      koColor_ = them;
    }
  } else if (libertyCount(chains_[head].libs) == 0) {
    // Multi-stone suicide (the caller checked it is allowed): the opponent gains the stones.
    captures_[colorIndex(them)] += removeChain(head);
  }
}

int Board::fewLiberties(Point p, Point* out) const {
  const Point head = head_[p];
  const std::uint64_t libs = chains_[head].libs;
  if (libertyCount(libs) == 0) return 0;
  if (libertyCount(libs) > 8) return 3;  // a liberty touches at most four stones
  const Color c = color_[head];
  const auto offsets = neighbourOffsets();
  Point first = kNoPoint;
  for (Point s = head; first == kNoPoint; s = next_[s]) {
    for (const int d : offsets) {
      if (color_[s + d] == Color::Empty) {
        first = static_cast<Point>(s + d);
        break;
      }
    }
  }
  out[0] = first;
  // The pseudo-liberties at `first` are the chain's stones next to it.
  std::uint64_t rest = libs;
  for (const int d : offsets) {
    const int n = first + d;
    if (color_[n] == c && head_[n] == head) rest -= libertyUnit(first);
  }
  const std::uint64_t count = libertyCount(rest);
  if (count == 0) return 1;
  const std::uint64_t sum = (rest >> kCountBits) & ((1u << kSumBits) - 1);
  if (count * (rest >> (kCountBits + kSumBits)) != sum * sum) return 3;
  out[1] = static_cast<Point>(sum / count);
  return 2;
}

PointSet Board::chainStones(Point p) const {
  PointSet stones;
  const Point head = head_[p];
  Point s = head;
  do {
    stones.insert(s);
    s = next_[s];
  } while (s != head);
  return stones;
}

PointSet Board::liberties(Point p) const {
  PointSet libs;
  const Point head = head_[p];
  Point s = head;
  do {
    for (int d : neighbourOffsets()) {
      const Point n = static_cast<Point>(s + d);
      if (color_[n] == Color::Empty) libs.insert(n);
    }
    s = next_[s];
  } while (s != head);
  return libs;
}

int Board::libertyCount(Point p) const { return liberties(p).count(); }

int Board::countColor(Color c) const {
  int n = 0;
  for (int p = geometry_.first(); p <= geometry_.last(); ++p) n += color_[p] == c;
  return n;
}

bool Board::checkInvariants() const {
  const int size = geometry_.size();
  std::uint64_t h = 0;
  int empties = 0;
  // Stones per head, to check that each chain's ring holds all the stones naming it.
  std::array<std::uint32_t, kMaxPoints> members{};
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p = geometry_.point(col, row);
      if (isStone(color_[p])) ++members[head_[p]];
    }
  }
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p = geometry_.point(col, row);
      const Color color = color_[p];
      if (around_[p] != aroundOf(p)) return false;
      if (color == Color::Empty) {
        ++empties;
        if (empties_[emptyIndex_[p]] != p) return false;
        // play() relies on this, and on the record of a non-head being unused.
        if (head_[p] != p || next_[p] != p) return false;
        continue;
      }
      if (!isStone(color)) return false;
      h ^= zobristStone(p, color);
      if (head_[p] != p) continue;
      // Recount this chain's stones and pseudo-liberties.
      Chain expect{0, 0};
      std::uint32_t count = 0;
      Point s = p;
      do {
        if (head_[s] != p || color_[s] != color) return false;
        ++expect.size;
        for (int d : neighbourOffsets()) {
          const Point n = static_cast<Point>(s + d);
          if (color_[n] == Color::Empty) {
            ++count;
            expect.libs += libertyUnit(n);
          } else if (color_[n] == color && head_[n] != p) {
            return false;  // touching stones of one colour must share a chain
          }
        }
        s = next_[s];
      } while (s != p);
      const Chain& ch = chains_[p];
      if (ch.size != expect.size || ch.size != members[p] || ch.libs != expect.libs || count == 0 ||
          libertyCount(ch.libs) != count) {
        return false;
      }
    }
  }
  return h == hash_ && empties == numEmpty_ && stones_[0] == countColor(Color::Black) &&
         stones_[1] == countColor(Color::White);
}

}  // namespace tengen::go
