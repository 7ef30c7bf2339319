#pragma once

// The words of a rules text and the values they name: one table per dimension, read the
// same way by tengen's own specs (rules.cpp, any case) and by KataGo's rule strings
// (rules_sgf.cpp, exactly as KataGo writes them).
#include <array>
#include <cctype>
#include <cstddef>
#include <string>
#include <string_view>

#include "base/quote_input.h"
#include "base/result.h"

namespace tengen::go {

template <typename E>
struct Choice {
  std::string_view text;
  E value;
};

enum class Match { Exact, AnyCase };

inline bool sameWord(std::string_view a, std::string_view b, Match match) {
  if (match == Match::Exact || a.size() != b.size()) return a == b;
  for (std::size_t i = 0; i < a.size(); ++i) {
    if (std::tolower(static_cast<unsigned char>(a[i])) !=
        std::tolower(static_cast<unsigned char>(b[i]))) {
      return false;
    }
  }
  return true;
}

// `value` as one of `choices`, else "bad value 'V' for KEY<context>, expected a | b | c".
template <typename E, std::size_t N>
Result<E> choose(std::string_view key, std::string_view value,
                 const std::array<Choice<E>, N>& choices, Match match,
                 std::string_view context = "") {
  std::string expected;
  for (const auto& c : choices) {
    if (sameWord(c.text, value, match)) return c.value;
    if (!expected.empty()) expected += " | ";
    expected += c.text;
  }
  return fail("bad value '" + inputPrefix(value) + "' for " + std::string(key) +
              std::string(context) + ", expected " + expected);
}

// The word of `value` in `choices`, "?" if it has none.
template <typename E, std::size_t N>
std::string_view nameOf(E value, const std::array<Choice<E>, N>& choices) {
  for (const auto& c : choices) {
    if (c.value == value) return c.text;
  }
  return "?";
}

}  // namespace tengen::go
