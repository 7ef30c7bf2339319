#include "tournament/rank.h"

#include <cctype>

#include "base/quote_input.h"

namespace tengen::tournament {

std::string toString(Rank rank) {
  return rank.isDan() ? std::to_string(rank.value() - 29) + "d"
                      : std::to_string(30 - rank.value()) + "k";
}

namespace {

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

bool equalsIgnoringCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (std::size_t i = 0; i < a.size(); ++i)
    if (std::tolower(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return true;
}

}  // namespace

Result<Rank> parseRank(std::string_view text) {
  const std::string_view trimmed = trim(text);
  auto invalid = [&] {
    return fail(quoteInput(trimmed) + " is not a rank: expected 30k..1k or 1d..9d");
  };
  std::size_t digits = 0;
  int number = 0;
  // At most two digits: no rank has more, and a long digit string cannot overflow.
  while (digits < trimmed.size() && digits < 3 &&
         std::isdigit(static_cast<unsigned char>(trimmed[digits]))) {
    number = number * 10 + (trimmed[digits] - '0');
    ++digits;
  }
  if (digits == 0 || digits > 2) return invalid();
  const std::string_view unit = trim(trimmed.substr(digits));
  if (equalsIgnoringCase(unit, "k") || equalsIgnoringCase(unit, "kyu")) {
    if (number < 1 || number > 30) return invalid();
    return Rank::kyu(number);
  }
  if (equalsIgnoringCase(unit, "d") || equalsIgnoringCase(unit, "dan")) {
    if (number < 1 || number > 9) return invalid();
    return Rank::dan(number);
  }
  return invalid();
}

}  // namespace tengen::tournament
