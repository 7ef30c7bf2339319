#include "bot/tactics.h"

#include <algorithm>

namespace tengen::bot {

using go::Board;
using go::Color;
using go::Point;

namespace {

// Appends q to a small set unless it is there already or the set is full.
struct SmallSet {
  Point items[8];
  int size = 0;
  int max = 8;

  bool full() const { return size >= max; }
  void add(Point q) {
    if (full()) return;
    for (int i = 0; i < size; ++i) {
      if (items[i] == q) return;
    }
    items[size++] = q;
  }
};

// Adds the liberties of the chain through `stone` to `libs` until it is full; `skip` (the
// point being played) is not a liberty after the move.
void collectLiberties(const Board& board, Point stone, Point skip, SmallSet& libs) {
  const auto offsets = board.neighbourOffsets();
  const Point head = board.chainHead(stone);
  Point s = head;
  do {
    for (const int d : offsets) {
      const Point q = static_cast<Point>(s + d);
      if (q != skip && board.at(q) == Color::Empty) {
        libs.add(q);
        if (libs.full()) return;
      }
    }
    s = board.nextInChain(s);
  } while (s != head);
}

// Some opponent chain next to the chain through `stone` is in atari.
bool touchesChainInAtari(const Board& board, Point stone) {
  const Color them = go::opponent(board.at(stone));
  const auto offsets = board.neighbourOffsets();
  const Point head = board.chainHead(stone);
  Point s = head;
  do {
    for (const int d : offsets) {
      const Point q = static_cast<Point>(s + d);
      if (board.at(q) == them && board.inAtari(q)) return true;
    }
    s = board.nextInChain(s);
  } while (s != head);
  return false;
}

// Empty orthogonal neighbours of p other than `except`: liberties a stone there has for
// sure, which settles most of twoLibertyMoves' questions without walking chains.
int emptyNeighboursBesides(const Board& board, Point p, Point except) {
  int n = 0;
  for (const int d : board.neighbourOffsets()) {
    const Point q = static_cast<Point>(p + d);
    n += q != except && board.at(q) == Color::Empty;
  }
  return n;
}

// The defender's extension at `escape` after the attacker's atari at `atari` surely leaves
// three liberties or more: three empty neighbours besides the atari point, which the atari
// stone cannot fill. Decided before either move, so no board is played for the branches
// most ataris end in. (Counting the liberties of the chains the extension joins as well
// walks those chains, which costs more than the play it saves.)
bool runsOut(const Board& board, Point escape, Point atari) {
  return emptyNeighboursBesides(board, escape, atari) >= 3;
}

bool readLadderOn(Board& board, Point stone, int& budget);

// Plays the attacker's atari at `atari` and the defender's extension at `escape` (the chain's
// two liberties) on `b`; whether the chain through `stone` is captured from there.
bool attackAt(Board& b, Point stone, Point atari, Point escape, int& budget) {
  const Color defender = b.at(stone);
  b.play(atari, go::opponent(defender));
  // Capturing an attacker chain in atari (the atari stone itself, or one of the wall)
  // gains liberties: this attack fails.
  if (touchesChainInAtari(b, stone)) return false;
  if (!b.isLegal(escape, defender, false)) return true;
  b.play(escape, defender);
  Point after[2];
  const int m = b.fewLiberties(stone, after);
  if (m <= 1) return true;
  if (m >= 3) return false;
  return readLadderOn(b, stone, budget);
}

// Reads whether the attacker, to move, captures the chain through `stone` by ataris on
// `board`, which it plays on: the caller's scratch copy. A board is copied only where a
// second atari may still need the position the first one changed, so a ladder costs one
// copy (the caller's) instead of one per move. `budget` counts the attacker's legal ataris in
// the order a plain depth-first reading would, so the answer is that reading's.
bool readLadderOn(Board& board, Point stone, int& budget) {
  const Color attacker = go::opponent(board.at(stone));
  Point libs[2];
  const int n = board.fewLiberties(stone, libs);
  if (n >= 3) return false;
  if (n <= 1) return true;  // the attacker, to move, captures
  bool legal[2];
  bool escapes[2];
  for (int i = 0; i < 2; ++i) {
    legal[i] = board.isLegal(libs[i], attacker, false);
    escapes[i] = legal[i] && runsOut(board, libs[1 - i], libs[i]);
  }
  for (int i = 0; i < 2; ++i) {
    if (!legal[i]) continue;
    if (--budget < 0) return false;
    if (escapes[i]) continue;
    const bool secondToRead = i == 0 && legal[1] && !escapes[1];
    if (secondToRead) {
      Board copy = board;
      if (attackAt(copy, stone, libs[i], libs[1 - i], budget)) return true;
    } else if (attackAt(board, stone, libs[i], libs[1 - i], budget)) {
      return true;
    }
    if (budget < 0) return false;
  }
  return false;
}

}  // namespace

void addCounterCaptures(const Board& board, Point stone, Point* out, int& n, int max) {
  const Color them = go::opponent(board.at(stone));
  const Point head = board.chainHead(stone);
  Point s = head;
  do {
    for (const int d : board.neighbourOffsets()) {
      const Point q = static_cast<Point>(s + d);
      if (board.at(q) != them || !board.inAtari(q)) continue;
      const Point lib = lastLiberty(board, q);
      if (n < max && std::find(out, out + n, lib) == out + n) out[n++] = lib;
    }
    s = board.nextInChain(s);
  } while (s != head);
}

int chainLiberties(const Board& board, Point p, int max, Point* out) {
  SmallSet libs;
  libs.max = std::min(max, 8);
  collectLiberties(board, p, go::kNoPoint, libs);
  std::copy(libs.items, libs.items + libs.size, out);
  return libs.size;
}

Point lastLiberty(const Board& board, Point p) { return board.atariLiberty(p); }

MoveEffect moveEffect(const Board& board, Point p, Color c, int max) {
  MoveEffect effect;
  SmallSet libs;
  libs.max = std::min(max, 8);
  Point heads[4];
  int numHeads = 0;
  const Color them = go::opponent(c);
  for (const int d : board.neighbourOffsets()) {
    const Point q = static_cast<Point>(p + d);
    const Color qc = board.at(q);
    if (qc == Color::Empty) {
      libs.add(q);
    } else if (qc == c) {
      const Point head = board.chainHead(q);
      if (std::find(heads, heads + numHeads, head) != heads + numHeads) continue;
      heads[numHeads++] = head;
      effect.stones += board.chainSize(q);
      if (!libs.full()) collectLiberties(board, q, p, libs);
    } else if (qc == them && board.inAtari(q)) {
      // The captured stone next to p becomes a liberty.
      effect.captures = true;
      libs.add(q);
    }
  }
  effect.liberties = libs.size;
  return effect;
}

bool isSelfAtari(const Board& board, Point p, Color c) {
  // The playout hot path: stop at the second liberty found, with no sets. A capture always
  // leaves the stone a liberty where the captured stone was. Most points of an open board
  // have two empty neighbours, which one read of the colours around tells.
  if (board.emptyNeighbours(p) >= 2) return false;
  const Color them = go::opponent(c);
  const auto offsets = board.neighbourOffsets();
  Point first = go::kNoPoint;
  int own = 0;
  for (const int d : offsets) {
    const Point q = static_cast<Point>(p + d);
    const Color qc = board.at(q);
    if (qc == Color::Empty) {
      if (first != go::kNoPoint) return false;
      first = q;
    } else if (qc == them) {
      if (board.inAtari(q)) return false;
    } else if (qc == c) {
      ++own;
    }
  }
  if (own == 0) return true;
  Point heads[4];
  int numHeads = 0;
  for (const int d : offsets) {
    const Point q = static_cast<Point>(p + d);
    if (board.at(q) != c) continue;
    const Point head = board.chainHead(q);
    if (std::find(heads, heads + numHeads, head) != heads + numHeads) continue;
    heads[numHeads++] = head;
    Point s = head;
    do {
      for (const int e : offsets) {
        const Point l = static_cast<Point>(s + e);
        if (l == p || l == first || board.at(l) != Color::Empty) continue;
        if (first != go::kNoPoint) return false;
        first = l;
      }
      s = board.nextInChain(s);
    } while (s != head);
  }
  return true;
}

bool isEnclosedNakade(const Board& board, Point p, Color c, int maxStones) {
  if (board.at(p) != Color::Empty) return false;
  const Color them = go::opponent(c);
  const auto offsets = board.neighbourOffsets();
  // The chain the move would make: p and the own chains next to it, at most maxStones (and
  // four: larger spaces can hold two eyes in more ways than are checked here).
  constexpr int kMostStones = 4;
  Point stones[kMostStones];
  int numStones = 0;
  stones[numStones++] = p;
  const auto inChain = [&](Point q) {
    return std::find(stones, stones + numStones, q) != stones + numStones;
  };
  for (const int d : offsets) {
    const Point q = static_cast<Point>(p + d);
    const Color qc = board.at(q);
    if (qc == them && board.inAtari(q)) return false;  // a capture: no self-atari
    if (qc != c || inChain(q)) continue;
    const Point head = board.chainHead(q);
    Point s = head;
    do {
      if (numStones >= std::min(maxStones, kMostStones)) return false;
      stones[numStones++] = s;
      s = board.nextInChain(s);
    } while (s != head);
  }
  // Exactly one liberty, and the chain touches nothing but itself, the liberty, the edge and
  // the opponent (an own stone next to it is in the chain by construction).
  Point liberty = go::kNoPoint;
  for (int i = 0; i < numStones; ++i) {
    for (const int d : offsets) {
      const Point q = static_cast<Point>(stones[i] + d);
      if (q == p || board.at(q) != Color::Empty) continue;
      if (liberty != go::kNoPoint && liberty != q) return false;
      liberty = q;
    }
  }
  if (liberty == go::kNoPoint) return false;  // suicide
  // A single stone leaves a space of two points, one eye already: the one-stone rule of
  // isBadSelfAtari judges that throw-in by the liberties around.
  if (numStones < 2) return false;
  for (const int d : offsets) {
    const Point q = static_cast<Point>(liberty + d);
    const Color qc = board.at(q);
    if (q == p || qc == them || qc == Color::Border) continue;
    if (qc == Color::Empty || !inChain(q)) return false;  // the space is open or not theirs
  }
  if (numStones < 4) return true;  // every space of two or three points is one eye at most
  // Four stones leave a space of four points: one eye if square (squared four) or T-shaped
  // (pyramid four, its middle is the vital point), possibly two if straight, bent or
  // zigzag. A stone joined to three others is the T's middle; in a square each has two.
  int joins[kMostStones] = {};
  for (int i = 0; i < numStones; ++i) {
    for (const int d : offsets) {
      if (inChain(static_cast<Point>(stones[i] + d))) ++joins[i];
    }
  }
  const bool tee = std::find(joins, joins + numStones, 3) != joins + numStones;
  const bool square = std::all_of(joins, joins + numStones, [](int n) { return n == 2; });
  return tee || square;
}

bool isBadSelfAtari(const Board& board, Point p, Color c, int nakadeStones, int enclosedNakade) {
  if (!isSelfAtari(board, p, c)) return false;
  if (enclosedNakade > 0 && isEnclosedNakade(board, p, c, enclosedNakade)) return false;
  // Up to nakadeStones stones (one unless asked): a throw-in or nakade is useful when an
  // opponent chain next to it is short of liberties (it then must capture, or dies). More:
  // bad.
  const Color them = go::opponent(c);
  bool shortOpponent = false;
  int stones = 1;
  Point heads[4];
  int numHeads = 0;
  for (const int d : board.neighbourOffsets()) {
    const Point q = static_cast<Point>(p + d);
    const Color qc = board.at(q);
    if (qc == c) {
      if (nakadeStones <= 1) return true;
      const Point head = board.chainHead(q);
      if (std::find(heads, heads + numHeads, head) != heads + numHeads) continue;
      heads[numHeads++] = head;
      stones += board.chainSize(q);
      if (stones > nakadeStones) return true;
    } else if (qc == them && !shortOpponent) {
      Point libs[2];
      shortOpponent = board.fewLiberties(q, libs) <= 2;
    }
  }
  return !shortOpponent;
}

int captureSize(const Board& board, Point p, Color c) {
  const Color them = go::opponent(c);
  Point heads[4];
  int numHeads = 0;
  int size = 0;
  for (const int d : board.neighbourOffsets()) {
    const Point q = static_cast<Point>(p + d);
    if (board.at(q) != them || !board.inAtari(q)) continue;
    const Point head = board.chainHead(q);
    if (std::find(heads, heads + numHeads, head) != heads + numHeads) continue;
    heads[numHeads++] = head;
    size += board.chainSize(q);
  }
  return size;
}

bool isLadder(const Board& board, Point stone, int budget) {
  Board scratch = board;
  return readLadderOn(scratch, stone, budget);
}

int ladderAtaris(const Board& board, Point stone, Point* out, int budget) {
  const Color attacker = go::opponent(board.at(stone));
  Point libs[2];
  if (board.fewLiberties(stone, libs) != 2) return 0;
  int n = 0;
  for (int i = 0; i < 2; ++i) {
    if (!board.isLegal(libs[i], attacker, false) || runsOut(board, libs[1 - i], libs[i])) {
      continue;
    }
    int left = budget - 1;  // this atari counts, as in readLadderOn
    if (left < 0) continue;
    Board scratch = board;
    if (attackAt(scratch, stone, libs[i], libs[1 - i], left)) out[n++] = libs[i];
  }
  return n;
}

int atariEscapes(const Board& board, Point stone, Point* out, int max, int ladderBudget) {
  const Color c = board.at(stone);
  const Color them = go::opponent(c);
  const auto offsets = board.neighbourOffsets();
  int n = 0;
  // One walk finds the chain's liberty and the neighbours in atari, whose capture gives the
  // chain their stones as liberties.
  Point lib = go::kNoPoint;
  Point heads[8];
  int numHeads = 0;
  const Point head = board.chainHead(stone);
  Point s = head;
  do {
    for (const int d : offsets) {
      const Point q = static_cast<Point>(s + d);
      const Color qc = board.at(q);
      if (qc == Color::Empty) {
        lib = q;
      } else if (qc == them && numHeads < 8 && board.inAtari(q)) {
        const Point h = board.chainHead(q);
        if (std::find(heads, heads + numHeads, h) == heads + numHeads) heads[numHeads++] = h;
      }
    }
    s = board.nextInChain(s);
  } while (s != head);
  for (int i = 0; i < numHeads && n < max; ++i) out[n++] = lastLiberty(board, heads[i]);
  if (lib == go::kNoPoint || n >= max) return n;
  // The extension: the chain in atari brings no liberty but lib itself.
  SmallSet libs;
  libs.max = 3;
  bool captures = false;
  for (const int d : offsets) {
    const Point q = static_cast<Point>(lib + d);
    const Color qc = board.at(q);
    if (qc == Color::Empty) {
      libs.add(q);
    } else if (qc == c) {
      if (board.chainHead(q) != head && !libs.full()) collectLiberties(board, q, lib, libs);
    } else if (qc == them && board.inAtari(q)) {
      captures = true;
    }
  }
  if (captures || libs.size >= 3) {
    out[n++] = lib;
  } else if (libs.size == 2) {
    bool laddered = false;
    if (ladderBudget > 0) {
      Board next = board;
      next.play(lib, c);
      laddered = readLadderOn(next, stone, ladderBudget);
    }
    if (!laddered) out[n++] = lib;
  }
  return n;
}

int twoLibertyMoves(const Board& board, Color c, Point last, Point* out, int max) {
  const Color them = go::opponent(c);
  int n = 0;
  const auto add = [&](Point p) {
    if (n < max && std::find(out, out + n, p) == out + n) out[n++] = p;
  };
  Point heads[4];
  int numHeads = 0;
  for (const int d : board.neighbourOffsets()) {
    const Point q = static_cast<Point>(last + d);
    if (board.at(q) != c) continue;
    const Point head = board.chainHead(q);
    if (std::find(heads, heads + numHeads, head) != heads + numHeads) continue;
    heads[numHeads++] = head;
    Point libs[2];
    if (board.fewLiberties(q, libs) != 2) continue;
    for (int i = 0; i < 2; ++i) {
      // The other liberty stays one: two more empty neighbours make three.
      if (emptyNeighboursBesides(board, libs[i], libs[1 - i]) >= 2 ||
          moveEffect(board, libs[i], c, 3).liberties >= 3) {
        add(libs[i]);
      }
    }
    addCounterCaptures(board, q, out, n, max);
  }
  if (board.at(last) != them) return n;
  Point libs[2];
  if (board.fewLiberties(last, libs) != 2 || touchesChainInAtari(board, last)) return n;
  for (int i = 0; i < 2; ++i) {
    const Point atari = libs[i];
    const Point escape = libs[1 - i];
    if (emptyNeighboursBesides(board, atari, go::kNoPoint) < 2) {
      const MoveEffect ours = moveEffect(board, atari, c, 2);
      if (ours.liberties < 2 && !ours.captures) continue;
    }
    if (runsOut(board, escape, atari)) continue;
    // The extension's count still holds `atari` (a liberty of the chain until c plays it).
    const MoveEffect theirs = moveEffect(board, escape, them, 4);
    if (theirs.captures || theirs.liberties >= 4) continue;
    add(atari);
  }
  return n;
}

}  // namespace tengen::bot
