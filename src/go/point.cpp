#include "go/point.h"

#include <cctype>

namespace tengen::go {

namespace {
constexpr std::string_view kColumnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
}

std::string Geometry::toGtp(Point p) const {
  if (p == kPass) return "pass";
  if (!onBoard(p)) return "?";
  return std::string(1, kColumnLetters[col(p)]) + std::to_string(row(p) + 1);
}

std::optional<Point> Geometry::fromGtp(std::string_view text) const {
  if (text.size() == 4) {
    std::string lower;
    for (char c : text) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    if (lower == "pass") return kPass;
  }
  if (text.size() < 2 || text.size() > 3) return std::nullopt;
  char letter = static_cast<char>(std::toupper(static_cast<unsigned char>(text[0])));
  auto colIndex = kColumnLetters.find(letter);
  if (colIndex == std::string_view::npos || static_cast<int>(colIndex) >= size_)
    return std::nullopt;
  int rowNumber = 0;
  for (char c : text.substr(1)) {
    if (!std::isdigit(static_cast<unsigned char>(c))) return std::nullopt;
    rowNumber = rowNumber * 10 + (c - '0');
  }
  if (text[1] == '0' || rowNumber < 1 || rowNumber > size_) return std::nullopt;
  return point(static_cast<int>(colIndex), rowNumber - 1);
}

}  // namespace tengen::go
