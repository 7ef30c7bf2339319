#include "go/board.h"

#include <algorithm>
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
    neighbours_[p] = 0;
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
      for (int d : neighbourOffsets()) neighbours_[p] += countUnit(color_[p + d]);
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
  std::memcpy(neighbours_.data(), other.neighbours_.data(), n * sizeof(std::uint16_t));
  std::memcpy(head_.data(), other.head_.data(), n * sizeof(Point));
  std::memcpy(next_.data(), other.next_.data(), n * sizeof(Point));
  std::memcpy(emptyIndex_.data(), other.emptyIndex_.data(), n * sizeof(std::uint16_t));
  std::memcpy(chains_.data(), other.chains_.data(), n * sizeof(Chain));
  std::memcpy(empties_.data(), other.empties_.data(), numEmpty_ * sizeof(Point));
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
  const Color them = opponent(c);
  bool captures = false;
  bool hasOwnNeighbour = false;
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = color_[n];
    if (nc == c) {
      hasOwnNeighbour = true;
      if (!chainInAtari(head_[n])) return MoveVerdict::Legal;
    } else if (nc == them && chainInAtari(head_[n])) {
      captures = true;
    }
  }
  if (captures) return MoveVerdict::Legal;
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
      if (!chainInAtari(head)) hasLiberty = true;
    } else if (chainInAtari(head)) {
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
  recountNeighbours(p, Color::Empty, c);
  hash_ ^= zobristStone(p, c);
  ++stones_[colorIndex(c)];
  chains_[p] = Chain{0, 1, 0, 0};
}

void Board::setStone(Point p, Color c) {
  assert(color_[p] == Color::Empty && isStone(c));
  placeStone(p, c);
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = color_[n];
    if (nc == Color::Empty) {
      addLiberty(p, n);
    } else if (isStone(nc)) {
      removeLiberty(head_[n], p);
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

void Board::mergeChains(Point keep, Point absorb) {
  // Relabel the smaller chain so a long chain absorbing single stones stays O(1) per move.
  if (chains_[keep].size < chains_[absorb].size) std::swap(keep, absorb);
  Point s = absorb;
  do {
    head_[s] = keep;
    s = next_[s];
  } while (s != absorb);
  std::swap(next_[keep], next_[absorb]);
  Chain& k = chains_[keep];
  const Chain& a = chains_[absorb];
  k.pseudoLibs += a.pseudoLibs;
  k.size += a.size;
  k.libSum += a.libSum;
  k.libSumSquares += a.libSumSquares;
}

int Board::removeChain(Point head) {
  const Color c = color_[head];
  int removed = 0;
  Point s = head;
  do {
    const Point next = next_[s];
    hash_ ^= zobristStone(s, c);
    color_[s] = Color::Empty;
    recountNeighbours(s, c, Color::Empty);
    pushEmpty(s);
    ++removed;
    s = next;
  } while (s != head);
  // Give the freed points back as liberties to the chains around them.
  s = head;
  do {
    for (int d : neighbourOffsets()) {
      const Point n = static_cast<Point>(s + d);
      if (isStone(color_[n])) addLiberty(head_[n], s);
    }
    const Point next = next_[s];
    head_[s] = s;
    next_[s] = s;
    s = next;
  } while (s != head);
  stones_[colorIndex(c)] -= removed;
  return removed;
}

void Board::play(Point p, Color c) {
  assert(color_[p] == Color::Empty);
  const std::uint16_t around = neighbours_[p];
  placeStone(p, c);
  koPoint_ = kNoPoint;
  const auto offsets = neighbourOffsets();
  if (around == 4 * countUnit(Color::Empty)) {
    // Open point, the most common move in playouts: no merge, no capture, no ko.
    for (int d : offsets) addLiberty(p, static_cast<Point>(p + d));
    return;
  }
  const Color them = opponent(c);
  int captured = 0;
  Point lastCaptured = kNoPoint;
  // One pass: liberties, merges and captures commute, because every count is a sum and
  // liberties always go to whatever chain currently holds p.
  for (int d : offsets) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = color_[n];
    if (nc == Color::Empty) {
      addLiberty(head_[p], n);
    } else if (nc == c) {
      const Point theirs = head_[n];
      removeLiberty(theirs, p);
      if (theirs != head_[p]) mergeChains(theirs, head_[p]);
    } else if (nc == them) {
      const Point theirs = head_[n];
      removeLiberty(theirs, p);
      if (chains_[theirs].pseudoLibs == 0) {
        lastCaptured = n;
        captured += removeChain(theirs);
      }
    }
  }
  captures_[colorIndex(c)] += captured;
  const Point head = head_[p];
  if (chains_[head].pseudoLibs == 0) {
    // Multi-stone suicide (the caller checked it is allowed): the opponent gains the stones.
    captures_[colorIndex(them)] += removeChain(head);
  } else if (captured == 1 && chains_[head].size == 1 && chainInAtari(head)) {
    koPoint_ = lastCaptured;
    koColor_ = them;
  }
}

bool Board::inAtari(Point p) const {
  const Point head = head_[p];
  return chains_[head].pseudoLibs > 0 && chainInAtari(head);
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
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p = geometry_.point(col, row);
      const Color color = color_[p];
      std::uint16_t counts = 0;
      for (int d : neighbourOffsets()) counts += countUnit(color_[p + d]);
      if (counts != neighbours_[p]) return false;
      if (color == Color::Empty) {
        ++empties;
        if (empties_[emptyIndex_[p]] != p) return false;
        continue;
      }
      if (!isStone(color)) return false;
      h ^= zobristStone(p, color);
      if (head_[p] != p) continue;
      // Recount this chain's stones, pseudo-liberties and hash.
      Chain expect{0, 0, 0, 0};
      Point s = p;
      do {
        if (head_[s] != p || color_[s] != color) return false;
        ++expect.size;
        for (int d : neighbourOffsets()) {
          const Point n = static_cast<Point>(s + d);
          if (color_[n] == Color::Empty) {
            ++expect.pseudoLibs;
            expect.libSum += n;
            expect.libSumSquares += static_cast<std::uint32_t>(n) * n;
          } else if (color_[n] == color && head_[n] != p) {
            return false;  // touching stones of one colour must share a chain
          }
        }
        s = next_[s];
      } while (s != p);
      const Chain& ch = chains_[p];
      if (ch.size != expect.size || ch.pseudoLibs != expect.pseudoLibs ||
          ch.libSum != expect.libSum || ch.libSumSquares != expect.libSumSquares ||
          ch.pseudoLibs == 0) {
        return false;
      }
    }
  }
  return h == hash_ && empties == numEmpty_ && stones_[0] == countColor(Color::Black) &&
         stones_[1] == countColor(Color::White);
}

}  // namespace tengen::go
