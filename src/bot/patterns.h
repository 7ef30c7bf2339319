#pragma once

// 3x3 patterns around a candidate move, as MoGo's playouts use them (Gelly, Wang, Munos,
// Teytaud 2006, "Modification of UCT with patterns in Monte-Carlo Go", figure 2; the set of
// Pachi's moggy playouts and michi): hane, cut, and edge shapes. A pattern describes the
// eight neighbours of the empty centre point, which is the move.
//
// The table is indexed by the neighbours' colours seen from the player to move (2 bits each:
// empty, own, opponent, edge), so one 16-bit code and one bit test match every pattern with
// all its rotations, reflections and colour assignments at once.

#include <array>
#include <cstdint>
#include <span>
#include <string_view>

#include "go/board.h"

namespace tengen::bot {

// One pattern: three rows of three characters, top row first, the centre ignored.
//   X, O  a stone of either colour (the pattern holds for both colour assignments unless
//         `moverIsX`: then X is always the player to move)
//   .     empty       #  off the board
//   x     not X (empty, O or edge)   o  not O   ?  anything
struct Pattern3 {
  std::string_view rows;  // 9 characters
  bool moverIsX = false;
};

// The MoGo / Pachi set (hane, cut, edge patterns).
std::span<const Pattern3> mogoPatterns();

class PatternTable {
 public:
  explicit PatternTable(std::span<const Pattern3> patterns);

  // The shared table of mogoPatterns(), built on first use (thread-safe static).
  static const PatternTable& mogo();

  // The neighbours of p as seen by `mover`: 2 bits per neighbour in the order
  // NW N NE W E SW S SE (lowest bits first); 0 empty, 1 own, 2 opponent, 3 edge.
  static std::uint16_t code(const go::Board& board, go::Point p, go::Color mover) {
    const int s = board.geometry().stride();
    // North is +stride (rows count up from the bottom).
    const int offsets[8] = {s - 1, s, s + 1, -1, 1, -s - 1, -s, -s + 1};
    // Colour values are the codes for Black to move (Empty 0, Black 1, White 2, Border 3).
    unsigned code = 0;
    for (int i = 0; i < 8; ++i) {
      code |= static_cast<unsigned>(board.at(static_cast<go::Point>(p + offsets[i]))) << (2 * i);
    }
    // For White, swap 1 and 2: the fields whose two bits differ flip both bits.
    const unsigned differ = (code ^ (code >> 1)) & 0x5555u;
    return static_cast<std::uint16_t>(mover == go::Color::White ? code ^ (differ * 3) : code);
  }
  // Empty orthogonal neighbours (N W E S) in a code.
  static int emptyOrthogonal(std::uint16_t code) {
    int n = 0;
    for (const int slot : {1, 3, 4, 6}) n += ((code >> (2 * slot)) & 3) == 0;
    return n;
  }

  bool matchesCode(std::uint16_t code) const { return (bits_[code >> 6] >> (code & 63)) & 1; }
  // Some pattern matches the empty point p with `mover` to play there.
  bool matches(const go::Board& board, go::Point p, go::Color mover) const {
    return matchesCode(code(board, p, mover));
  }
  // How many of the 65536 codes match (for tests).
  int size() const;

 private:
  void add(const Pattern3& pattern);
  std::array<std::uint64_t, 1024> bits_{};
};

}  // namespace tengen::bot
