#pragma once

#include <array>
#include <bit>
#include <cstdint>

#include "go/point.h"

namespace tengen::go {

// A fixed-size bitmap over padded Points: legal-move maps, dead-stone marks, regions.
// Plain value, no allocation; iterating visits set points in increasing order.
class PointSet {
 public:
  static constexpr int kWords = (kMaxPoints + 63) / 64;

  void insert(Point p) { words_[p >> 6] |= bit(p); }
  void erase(Point p) { words_[p >> 6] &= ~bit(p); }
  bool contains(Point p) const { return (words_[p >> 6] & bit(p)) != 0; }
  bool empty() const {
    for (auto w : words_)
      if (w) return false;
    return true;
  }
  int count() const {
    int n = 0;
    for (auto w : words_) n += std::popcount(w);
    return n;
  }
  void clear() { words_.fill(0); }
  // The lowest point in the set, or kNoPoint if it is empty.
  Point first() const {
    for (int i = 0; i < kWords; ++i) {
      if (words_[i]) return static_cast<Point>(i * 64 + std::countr_zero(words_[i]));
    }
    return kNoPoint;
  }
  PointSet& operator|=(const PointSet& o) {
    for (int i = 0; i < kWords; ++i) words_[i] |= o.words_[i];
    return *this;
  }
  PointSet& operator&=(const PointSet& o) {
    for (int i = 0; i < kWords; ++i) words_[i] &= o.words_[i];
    return *this;
  }
  // Removes the points of `o`.
  PointSet& operator-=(const PointSet& o) {
    for (int i = 0; i < kWords; ++i) words_[i] &= ~o.words_[i];
    return *this;
  }
  bool operator==(const PointSet&) const = default;

  template <typename F>
  void forEach(F&& f) const {
    for (int i = 0; i < kWords; ++i) {
      for (std::uint64_t w = words_[i]; w; w &= w - 1) {
        f(static_cast<Point>(i * 64 + std::countr_zero(w)));
      }
    }
  }

 private:
  static constexpr std::uint64_t bit(Point p) { return std::uint64_t{1} << (p & 63); }
  std::array<std::uint64_t, kWords> words_{};
};

}  // namespace tengen::go
