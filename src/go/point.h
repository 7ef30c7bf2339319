#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace tengen::go {

constexpr int kMinSize = 2;
constexpr int kMaxSize = 25;

// Points index a padded one-dimensional array: a row of width size+1 holds one border
// column, shared by the left and right edges, and a border row lies above and below.
// Point 0 is border, so 0 can never be a playable point.
using Point = std::uint16_t;
constexpr int kMaxStride = kMaxSize + 1;
constexpr int kMaxPoints = (kMaxSize + 2) * kMaxStride + 1;
constexpr Point kPass = 0xFFFE;
constexpr Point kNoPoint = 0xFFFF;

// Maps between Points and coordinates for one board size. Columns and rows count from 0;
// row 0 is the bottom row as GTP numbers it (row 1 in GTP text).
class Geometry {
 public:
  explicit constexpr Geometry(int size) : size_(size), stride_(size + 1) {}

  constexpr int size() const { return size_; }
  constexpr int stride() const { return stride_; }
  constexpr int numPoints() const { return (size_ + 2) * stride_ + 1; }
  constexpr Point point(int col, int row) const {
    return static_cast<Point>((row + 1) * stride_ + col + 1);
  }
  constexpr int col(Point p) const { return p % stride_ - 1; }
  constexpr int row(Point p) const { return p / stride_ - 1; }
  constexpr bool onBoard(Point p) const {
    return p < numPoints() && p % stride_ != 0 && row(p) >= 0 && row(p) < size_;
  }
  constexpr Point first() const { return point(0, 0); }
  constexpr Point last() const { return point(size_ - 1, size_ - 1); }

  // GTP vertex text: column letter A..Z skipping I, then the row number from 1.
  std::string toGtp(Point p) const;
  // Accepts "D4", "d4", "pass"; nullopt for anything else or off this board.
  std::optional<Point> fromGtp(std::string_view text) const;

 private:
  int size_;
  int stride_;
};

}  // namespace tengen::go
