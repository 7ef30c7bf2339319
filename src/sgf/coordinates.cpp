#include "sgf/coordinates.h"

#include <algorithm>

namespace tengen::sgf {

namespace {

std::string_view trim(std::string_view s) {
  const auto space = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
  while (!s.empty() && space(s.front())) s.remove_prefix(1);
  while (!s.empty() && space(s.back())) s.remove_suffix(1);
  return s;
}

// 'a'..'z' are 0..25 and 'A'..'Z' 26..51 (FF[4] boards up to 52); -1 for anything else.
int letterIndex(char c) {
  if (c >= 'a' && c <= 'z') return c - 'a';
  if (c >= 'A' && c <= 'Z') return c - 'A' + 26;
  return -1;
}

char indexLetter(int i) { return static_cast<char>(i < 26 ? 'a' + i : 'A' + i - 26); }

std::string expectedPoint(const go::Geometry& g) {
  const int n = g.size();
  return "expected two letters a.." + std::string(1, indexLetter(n - 1)) + " for a " +
         std::to_string(n) + "x" + std::to_string(n) + " board";
}

Result<go::Point> parsePoint(std::string_view text, const go::Geometry& g) {
  if (text.size() != 2) {
    return fail("bad point '" + std::string(text) + "': " + expectedPoint(g));
  }
  const int col = letterIndex(text[0]);
  const int row = letterIndex(text[1]);
  if (col < 0 || row < 0) return fail("bad point '" + std::string(text) + "': " + expectedPoint(g));
  if (col >= g.size() || row >= g.size()) {
    return fail("point '" + std::string(text) + "' is off the board: " + expectedPoint(g));
  }
  // SGF rows count down from the top; go::Geometry rows count up from the bottom.
  return g.point(col, g.size() - 1 - row);
}

}  // namespace

Result<go::Point> parseMove(std::string_view value, const go::Geometry& geometry) {
  const std::string_view text = trim(value);
  if (text.empty() || (text == "tt" && geometry.size() <= 19)) return go::kPass;
  auto p = parsePoint(text, geometry);
  if (!p) {
    return fail(p.error().message +
                (geometry.size() <= 19 ? ", or '' or 'tt' for a pass" : ", or '' for a pass"));
  }
  return p;
}

Result<std::vector<go::Point>> parsePointRange(std::string_view value,
                                               const go::Geometry& geometry) {
  const std::string_view text = trim(value);
  const auto colon = text.find(':');
  if (colon == std::string_view::npos) {
    auto p = parsePoint(text, geometry);
    if (!p) return std::unexpected(p.error());
    return std::vector<go::Point>{*p};
  }
  auto a = parsePoint(trim(text.substr(0, colon)), geometry);
  if (!a) return std::unexpected(a.error());
  auto b = parsePoint(trim(text.substr(colon + 1)), geometry);
  if (!b) return std::unexpected(b.error());
  const int c0 = std::min(geometry.col(*a), geometry.col(*b));
  const int c1 = std::max(geometry.col(*a), geometry.col(*b));
  const int r0 = std::min(geometry.row(*a), geometry.row(*b));
  const int r1 = std::max(geometry.row(*a), geometry.row(*b));
  std::vector<go::Point> points;
  for (int r = r0; r <= r1; ++r) {
    for (int c = c0; c <= c1; ++c) points.push_back(geometry.point(c, r));
  }
  return points;
}

std::string formatPoint(go::Point p, const go::Geometry& geometry) {
  if (p == go::kPass) return "";
  const int row = geometry.size() - 1 - geometry.row(p);
  return {indexLetter(geometry.col(p)), indexLetter(row)};
}

}  // namespace tengen::sgf
