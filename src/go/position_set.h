#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace tengen::go {

// The set of position hashes a game has seen, for superko. Open addressing over a flat
// array: inserting allocates only when the table grows, and a lookup is one or two cache
// lines, which matters because every legal-point map looks up every empty point.
// Hash 0 (the empty board) is kept in a flag, since 0 marks a free slot.
class PositionSet {
 public:
  // initialSlots: a power of two; the table doubles when half full.
  explicit PositionSet(std::size_t initialSlots = kInitialSlots) : slots_(initialSlots, 0) {}

  bool contains(std::uint64_t h) const {
    if (h == 0) return hasZero_;
    for (std::size_t i = h & mask();; i = (i + 1) & mask()) {
      if (slots_[i] == h) return true;
      if (slots_[i] == 0) return false;
    }
  }

  void insert(std::uint64_t h) {
    if (h == 0) {
      hasZero_ = true;
      return;
    }
    if ((size_ + 1) * 2 > slots_.size()) grow();
    place(h);
  }

  void clear() {
    if (size_ > 0) std::fill(slots_.begin(), slots_.end(), 0);
    size_ = 0;
    hasZero_ = false;
  }

 private:
  static constexpr std::size_t kInitialSlots = 1024;
  std::size_t mask() const { return slots_.size() - 1; }

  void place(std::uint64_t h) {
    std::size_t i = h & mask();
    while (slots_[i] != 0) {
      if (slots_[i] == h) return;
      i = (i + 1) & mask();
    }
    slots_[i] = h;
    ++size_;
  }

  void grow() {
    std::vector<std::uint64_t> old(slots_.size() * 2, 0);
    old.swap(slots_);
    size_ = 0;
    for (std::uint64_t h : old) {
      if (h != 0) place(h);
    }
  }

  std::vector<std::uint64_t> slots_;
  std::size_t size_ = 0;
  bool hasZero_ = false;
};

}  // namespace tengen::go
