#pragma once

// A player's declared strength, the unit of McMahon starting scores and handicaps
// (tournaments-reference "The systems"): 30k … 1k, 1d … 9d, one step per rank.

#include <compare>
#include <string>
#include <string_view>

#include "base/result.h"

namespace tengen::tournament {

class Rank {
 public:
  // 30k is 0, 1k is 29, 1d is 30, 9d is 38: the McMahon starting score of an unbarred rank.
  static constexpr int kLowest = 0;
  static constexpr int kHighest = 38;

  constexpr Rank() = default;
  static constexpr Rank kyu(int k) { return Rank(30 - k); }
  static constexpr Rank dan(int d) { return Rank(29 + d); }
  // Precondition: kLowest <= value <= kHighest.
  static constexpr Rank fromValue(int value) { return Rank(value); }

  constexpr int value() const { return value_; }
  constexpr bool isDan() const { return value_ >= 30; }
  auto operator<=>(const Rank&) const = default;

 private:
  constexpr explicit Rank(int value) : value_(value) {}
  int value_ = 0;  // 30k
};

// "12k", "3d": lower case, as the EGF results file writes ranks.
std::string toString(Rank rank);

// "12k", "12K", "3d", "3 dan", "12 kyu" (surrounding spaces ignored). Anything else, or a rank
// outside 30k..9d, is an error that says which ranks are accepted.
Result<Rank> parseRank(std::string_view text);

}  // namespace tengen::tournament
