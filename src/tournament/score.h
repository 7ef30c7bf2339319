#pragma once

// Tournament scores in half points: a jigo is worth 1/2, and integers keep sums, sorting and
// ties exact (no 0.1 + 0.2 problems in a table that decides prizes).

namespace tengen::tournament {

struct HalfPoints {
  int value = 0;

  static constexpr HalfPoints points(int whole) { return {2 * whole}; }
  constexpr HalfPoints operator+(HalfPoints o) const { return {value + o.value}; }
  constexpr HalfPoints operator-(HalfPoints o) const { return {value - o.value}; }
  constexpr HalfPoints& operator+=(HalfPoints o) {
    value += o.value;
    return *this;
  }
  constexpr auto operator<=>(const HalfPoints&) const = default;
  // The score as a number of points: 1.5 for HalfPoints{3}.
  constexpr double asPoints() const { return value / 2.0; }
};

inline constexpr HalfPoints kWinPoints{2};
inline constexpr HalfPoints kJigoPoints{1};

}  // namespace tengen::tournament
