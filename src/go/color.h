#pragma once

#include <cstdint>
#include <string_view>

namespace tengen::go {

// Border marks the padding ring around the board so neighbour loops need no bounds checks.
enum class Color : std::uint8_t { Empty = 0, Black = 1, White = 2, Border = 3 };

constexpr Color opponent(Color c) { return static_cast<Color>(3 - static_cast<int>(c)); }
constexpr bool isStone(Color c) { return c == Color::Black || c == Color::White; }
constexpr int colorIndex(Color c) { return static_cast<int>(c) - 1; }  // Black 0, White 1

constexpr std::string_view colorName(Color c) {
  switch (c) {
    case Color::Black:
      return "black";
    case Color::White:
      return "white";
    case Color::Empty:
      return "empty";
    case Color::Border:
      return "border";
  }
  return "?";
}

constexpr char colorLetter(Color c) { return c == Color::Black ? 'B' : 'W'; }

}  // namespace tengen::go
