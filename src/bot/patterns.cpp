#include "bot/patterns.h"

#include <bit>
#include <vector>

namespace tengen::bot {

namespace {

using go::Color;

// The Pachi/michi transcription of MoGo's patterns (their comments name the shapes). Pachi
// marks the thin hane as valid only for X to move; the rest hold for either colour.
constexpr Pattern3 kMogoPatterns[] = {
    {"XOX"
     "..."
     "???"},  // hane: enclosing hane
    {"XO."
     "..."
     "?.?"},  // hane: non-cutting hane
    {"XO?"
     "X.."
     "x.?"},  // hane: magari
    {"XOO"
     "..."
     "?.?",
     true},  // hane: thin hane
    {".O."
     "X.."
     "..."},  // katatsuke or diagonal attachment
    {"XO?"
     "O.o"
     "?o?"},  // cut1: unprotected cut
    {"XO?"
     "O.X"
     "???"},  // cut1: peeped cut
    {"?X?"
     "O.O"
     "ooo"},  // cut2 (de)
    {"OX?"
     "o.O"
     "???"},  // cut keima
    {"X.?"
     "O.?"
     "##?"},  // edge: chase
    {"OX?"
     "X.O"
     "###"},  // edge: block side cut
    {"?X?"
     "x.O"
     "###"},  // edge: block side connection
    {"?XO"
     "x.x"
     "###"},  // edge: sagari
    {"?OX"
     "X.O"
     "###"},  // edge: cut
};

// Cell (row, col) of the 3x3 grid, row 0 on top, to its neighbour slot in the code order
// NW N NE W E SW S SE; the centre has none.
constexpr int kSlot[3][3] = {{0, 1, 2}, {3, -1, 4}, {5, 6, 7}};

// The values (0 empty, 1 own, 2 opponent, 3 edge) a pattern character allows, as a 4-bit
// set, for X standing for colour value `x` (1 or 2).
unsigned allowed(char ch, int x) {
  const int o = 3 - x;
  switch (ch) {
    case '.':
      return 1u << 0;
    case '#':
      return 1u << 3;
    case 'X':
      return 1u << x;
    case 'O':
      return 1u << o;
    case 'x':
      return 0xFu & ~(1u << x);
    case 'o':
      return 0xFu & ~(1u << o);
    default:
      return 0xF;  // '?'
  }
}

}  // namespace

std::span<const Pattern3> mogoPatterns() { return kMogoPatterns; }

PatternTable::PatternTable(std::span<const Pattern3> patterns) {
  for (const Pattern3& p : patterns) add(p);
}

const PatternTable& PatternTable::mogo() {
  static const PatternTable table(mogoPatterns());
  return table;
}

void PatternTable::add(const Pattern3& pattern) {
  // X is the mover (1) always, and also the opponent (2) unless the pattern says otherwise.
  for (int x = 1; x <= (pattern.moverIsX ? 1 : 2); ++x) {
    // The eight symmetries of the square: optional transpose, then optional flips.
    for (int sym = 0; sym < 8; ++sym) {
      unsigned sets[8] = {};
      for (int r = 0; r < 3; ++r) {
        for (int c = 0; c < 3; ++c) {
          if (r == 1 && c == 1) continue;
          int tr = (sym & 1) ? c : r;
          int tc = (sym & 1) ? r : c;
          if (sym & 2) tr = 2 - tr;
          if (sym & 4) tc = 2 - tc;
          sets[kSlot[tr][tc]] = allowed(pattern.rows[r * 3 + c], x);
        }
      }
      // Every code whose slot values lie in the allowed sets, built slot by slot.
      std::vector<unsigned> codes{0};
      for (int i = 0; i < 8; ++i) {
        std::vector<unsigned> next;
        for (const unsigned code : codes) {
          for (unsigned v = 0; v < 4; ++v) {
            if ((sets[i] >> v) & 1) next.push_back(code | (v << (2 * i)));
          }
        }
        codes.swap(next);
      }
      for (const unsigned code : codes) bits_[code >> 6] |= std::uint64_t{1} << (code & 63);
    }
  }
}

int PatternTable::size() const {
  int n = 0;
  for (const auto w : bits_) n += std::popcount(w);
  return n;
}

}  // namespace tengen::bot
