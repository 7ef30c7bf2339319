#pragma once

#include <array>
#include <cstdint>

#include "go/color.h"
#include "go/point.h"

namespace tengen::go {

// Fixed pseudo-random keys, the same in every build, so hashes can be stored and compared.
// Built at compile time so the hot path reads a constant table with no init guard.
namespace zobrist_detail {

constexpr std::uint64_t splitmix(std::uint64_t& state) {
  std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
  return z ^ (z >> 31);
}

struct Table {
  std::array<std::array<std::uint64_t, 2>, kMaxPoints> stone{};
  std::uint64_t whiteToMove = 0;
};

constexpr Table makeTable() {
  Table t;
  std::uint64_t state = 0x7465'6E67'656E'2021ull;
  for (auto& keys : t.stone) {
    keys[0] = splitmix(state);
    keys[1] = splitmix(state);
  }
  t.whiteToMove = splitmix(state);
  return t;
}

inline constexpr Table kTable = makeTable();

}  // namespace zobrist_detail

inline std::uint64_t zobristStone(Point p, Color c) {
  return zobrist_detail::kTable.stone[p][colorIndex(c)];
}

// XORed into a board hash when White is to move: situational superko and repetition
// counting compare (board, side to move), positional superko the board alone.
inline std::uint64_t zobristWhiteToMove() { return zobrist_detail::kTable.whiteToMove; }

}  // namespace tengen::go
