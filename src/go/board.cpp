#include "go/board.h"

#include <algorithm>
#include <cassert>
#include <cstring>

#include "go/zobrist.h"

namespace tengen::go {

const char* verdictName(MoveVerdict v) {
  switch (v) {
    case MoveVerdict::Legal: return "legal";
    case MoveVerdict::Occupied: return "occupied";
    case MoveVerdict::Suicide: return "suicide";
    case MoveVerdict::Ko: return "ko";
    case MoveVerdict::Superko: return "superko";
    case MoveVerdict::NotYourTurn: return "not your turn";
    case MoveVerdict::GameOver: return "game over";
    case MoveVerdict::OffBoard: return "off board";
  }
  return "?";
}

Board::Board(int size) : geometry_(size) {
  assert(size >= kMinSize && size <= kMaxSize);
  const int n = geometry_.numPoints();
  for (int p = 0; p < n; ++p) {
    cells_[p] = Cell{Color::Border, static_cast<Point>(p), static_cast<Point>(p), 0};
    chains_[p] = Chain{};
  }
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      Point p = geometry_.point(col, row);
      cells_[p].color = Color::Empty;
      pushEmpty(p);
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
  const int n = geometry_.numPoints();
  std::memcpy(cells_.data(), other.cells_.data(), n * sizeof(Cell));
  std::memcpy(chains_.data(), other.chains_.data(), n * sizeof(Chain));
  std::memcpy(empties_.data(), other.empties_.data(), numEmpty_ * sizeof(Point));
}

void Board::pushEmpty(Point p) {
  cells_[p].emptyIndex = static_cast<std::uint16_t>(numEmpty_);
  empties_[numEmpty_++] = p;
}

void Board::popEmpty(Point p) {
  const int i = cells_[p].emptyIndex;
  const Point moved = empties_[--numEmpty_];
  empties_[i] = moved;
  cells_[moved].emptyIndex = static_cast<std::uint16_t>(i);
}

MoveVerdict Board::check(Point p, Color c, bool allowSuicide) const {
  if (cells_[p].color != Color::Empty) return MoveVerdict::Occupied;
  // The ko point is surrounded by the capturer and retaking would always capture.
  if (p == koPoint_ && c == koColor_) return MoveVerdict::Ko;
  const Color them = opponent(c);
  bool captures = false;
  bool hasOwnNeighbour = false;
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = cells_[n].color;
    if (nc == Color::Empty) return MoveVerdict::Legal;
    if (nc == c) {
      hasOwnNeighbour = true;
      if (!chainInAtari(cells_[n].head)) return MoveVerdict::Legal;
    } else if (nc == them && chainInAtari(cells_[n].head)) {
      captures = true;
    }
  }
  if (captures) return MoveVerdict::Legal;
  // No liberty, no capture: the stone would die. Only a multi-stone suicide changes the board.
  return (allowSuicide && hasOwnNeighbour) ? MoveVerdict::Legal : MoveVerdict::Suicide;
}

std::uint64_t Board::hashAfter(Point p, Color c) const {
  std::uint64_t h = hash_ ^ zobristStone(p, c);
  std::uint64_t ownChains = zobristStone(p, c);
  Point seen[4];
  int numSeen = 0;
  bool hasLiberty = false;
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = cells_[n].color;
    if (nc == Color::Empty) {
      hasLiberty = true;
      continue;
    }
    if (!isStone(nc)) continue;
    const Point head = cells_[n].head;
    if (std::find(seen, seen + numSeen, head) != seen + numSeen) continue;
    seen[numSeen++] = head;
    if (nc == c) {
      ownChains ^= chains_[head].hash;
      if (!chainInAtari(head)) hasLiberty = true;
    } else if (chainInAtari(head)) {
      h ^= chains_[head].hash;
      hasLiberty = true;  // the captured stones leave at least one liberty
    }
  }
  if (!hasLiberty) h ^= ownChains;  // multi-stone suicide removes the merged chain
  return h;
}

void Board::placeStone(Point p, Color c) {
  Cell& cell = cells_[p];
  cell.color = c;
  cell.head = p;
  cell.next = p;
  popEmpty(p);
  const std::uint64_t key = zobristStone(p, c);
  hash_ ^= key;
  chains_[p] = Chain{0, 1, 0, 0, key};
}

void Board::setStone(Point p, Color c) {
  assert(cells_[p].color == Color::Empty && isStone(c));
  placeStone(p, c);
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = cells_[n].color;
    if (nc == Color::Empty) {
      addLiberty(p, n);
    } else if (isStone(nc)) {
      removeLiberty(cells_[n].head, p);
    }
  }
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    if (cells_[n].color == c && cells_[n].head != cells_[p].head) {
      mergeChains(cells_[n].head, cells_[p].head);
    }
  }
  koPoint_ = kNoPoint;
}

void Board::removeStone(Point p) {
  assert(isStone(cells_[p].color));
  // Rebuild the chains around p from scratch: setup edits are rare, correctness matters.
  const int size = geometry_.size();
  Board rebuilt(size);
  rebuilt.captures_ = captures_;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point q = geometry_.point(col, row);
      if (q != p && isStone(cells_[q].color)) rebuilt.setStone(q, cells_[q].color);
    }
  }
  *this = rebuilt;
}

void Board::mergeChains(Point keep, Point absorb) {
  // Relabel the smaller chain so a long chain absorbing single stones stays O(1) per move.
  if (chains_[keep].size < chains_[absorb].size) std::swap(keep, absorb);
  Point s = absorb;
  do {
    cells_[s].head = keep;
    s = cells_[s].next;
  } while (s != absorb);
  std::swap(cells_[keep].next, cells_[absorb].next);
  Chain& k = chains_[keep];
  const Chain& a = chains_[absorb];
  k.pseudoLibs += a.pseudoLibs;
  k.size += a.size;
  k.libSum += a.libSum;
  k.libSumSquares += a.libSumSquares;
  k.hash ^= a.hash;
}

int Board::removeChain(Point head) {
  const Color c = cells_[head].color;
  hash_ ^= chains_[head].hash;
  int removed = 0;
  Point s = head;
  do {
    const Point next = cells_[s].next;
    cells_[s].color = Color::Empty;
    pushEmpty(s);
    ++removed;
    s = next;
  } while (s != head);
  // Give the freed points back as liberties to the chains around them.
  s = head;
  do {
    for (int d : neighbourOffsets()) {
      const Point n = static_cast<Point>(s + d);
      if (isStone(cells_[n].color)) addLiberty(cells_[n].head, s);
    }
    const Point next = cells_[s].next;
    cells_[s].head = s;
    cells_[s].next = s;
    s = next;
  } while (s != head);
  (void)c;
  return removed;
}

void Board::play(Point p, Color c) {
  assert(cells_[p].color == Color::Empty);
  const Color them = opponent(c);
  placeStone(p, c);
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    const Color nc = cells_[n].color;
    if (nc == Color::Empty) {
      addLiberty(p, n);
    } else if (isStone(nc)) {
      removeLiberty(cells_[n].head, p);
    }
  }
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    if (cells_[n].color == c && cells_[n].head != cells_[p].head) {
      mergeChains(cells_[n].head, cells_[p].head);
    }
  }
  int captured = 0;
  Point lastCaptured = kNoPoint;
  for (int d : neighbourOffsets()) {
    const Point n = static_cast<Point>(p + d);
    if (cells_[n].color == them && chains_[cells_[n].head].pseudoLibs == 0) {
      lastCaptured = n;
      captured += removeChain(cells_[n].head);
    }
  }
  captures_[colorIndex(c)] += captured;
  const Point head = cells_[p].head;
  koPoint_ = kNoPoint;
  if (chains_[head].pseudoLibs == 0) {
    // Multi-stone suicide (the caller checked it is allowed): the opponent gains the stones.
    captures_[colorIndex(them)] += removeChain(head);
  } else if (captured == 1 && chains_[head].size == 1 && chainInAtari(head)) {
    koPoint_ = lastCaptured;
    koColor_ = them;
  }
}

bool Board::inAtari(Point p) const {
  const Point head = cells_[p].head;
  return chains_[head].pseudoLibs > 0 && chainInAtari(head);
}

PointSet Board::liberties(Point p) const {
  PointSet libs;
  const Point head = cells_[p].head;
  Point s = head;
  do {
    for (int d : neighbourOffsets()) {
      const Point n = static_cast<Point>(s + d);
      if (cells_[n].color == Color::Empty) libs.insert(n);
    }
    s = cells_[s].next;
  } while (s != head);
  return libs;
}

int Board::libertyCount(Point p) const { return liberties(p).count(); }

int Board::stoneCount(Color c) const {
  int n = 0;
  for (int p = geometry_.first(); p <= geometry_.last(); ++p) n += cells_[p].color == c;
  return n;
}

bool Board::isEyeLike(Point p, Color c) const {
  const int s = geometry_.stride();
  for (int d : {1, -1, s, -s}) {
    const Color nc = cells_[p + d].color;
    if (nc != c && nc != Color::Border) return false;
  }
  const Color them = opponent(c);
  int enemyDiagonals = 0;
  bool onEdge = false;
  for (int d : {s + 1, s - 1, -s + 1, -s - 1}) {
    const Color dc = cells_[p + d].color;
    if (dc == them) ++enemyDiagonals;
    else if (dc == Color::Border) onEdge = true;
  }
  return enemyDiagonals < (onEdge ? 1 : 2);
}

bool Board::checkInvariants() const {
  const int size = geometry_.size();
  std::uint64_t h = 0;
  int empties = 0;
  for (int row = 0; row < size; ++row) {
    for (int col = 0; col < size; ++col) {
      const Point p = geometry_.point(col, row);
      const Cell& cell = cells_[p];
      if (cell.color == Color::Empty) {
        ++empties;
        if (empties_[cell.emptyIndex] != p) return false;
        continue;
      }
      if (!isStone(cell.color)) return false;
      h ^= zobristStone(p, cell.color);
      if (cell.head != p) continue;
      // Recount this chain's stones, pseudo-liberties and hash.
      Chain expect{0, 0, 0, 0, 0};
      Point s = p;
      do {
        if (cells_[s].head != p || cells_[s].color != cell.color) return false;
        ++expect.size;
        expect.hash ^= zobristStone(s, cell.color);
        for (int d : neighbourOffsets()) {
          const Point n = static_cast<Point>(s + d);
          if (cells_[n].color == Color::Empty) {
            ++expect.pseudoLibs;
            expect.libSum += n;
            expect.libSumSquares += static_cast<std::uint32_t>(n) * n;
          } else if (cells_[n].color == cell.color && cells_[n].head != p) {
            return false;  // touching stones of one colour must share a chain
          }
        }
        s = cells_[s].next;
      } while (s != p);
      const Chain& ch = chains_[p];
      if (ch.size != expect.size || ch.pseudoLibs != expect.pseudoLibs ||
          ch.libSum != expect.libSum || ch.libSumSquares != expect.libSumSquares ||
          ch.hash != expect.hash || ch.pseudoLibs == 0) {
        return false;
      }
    }
  }
  return h == hash_ && empties == numEmpty_;
}

}  // namespace tengen::go
