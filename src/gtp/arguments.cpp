#include "gtp/arguments.h"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>

namespace tengen::gtp {

namespace {

// from_chars takes no leading '+', which GTP controllers may send.
const char* skipPlus(std::string_view text) {
  if (text.size() > 1 && text[0] == '+' &&
      (std::isdigit(static_cast<unsigned char>(text[1])) || text[1] == '.')) {
    return text.data() + 1;
  }
  return text.data();
}

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

Result<go::Color> parseColor(std::string_view text) {
  const std::string c = lower(text);
  if (c == "b" || c == "black") return go::Color::Black;
  if (c == "w" || c == "white") return go::Color::White;
  return fail("syntax error");
}

Result<go::Point> parseVertex(const go::Geometry& geometry, std::string_view text) {
  const auto p = geometry.fromGtp(text);
  if (!p) return fail("syntax error");
  return *p;
}

Result<int> parseInt(std::string_view text) {
  int value = 0;
  const char* begin = skipPlus(text);
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || begin == end) return fail("syntax error");
  return value;
}

Result<double> parseNumber(std::string_view text) {
  double value = 0;
  const char* begin = skipPlus(text);
  const char* end = text.data() + text.size();
  const auto [ptr, ec] = std::from_chars(begin, end, value);
  if (ec != std::errc() || ptr != end || begin == end || !std::isfinite(value)) {
    return fail("syntax error");
  }
  return value;
}

std::string vertexList(const go::Geometry& geometry, const std::vector<go::Point>& points) {
  std::string out;
  for (go::Point p : points) {
    if (!out.empty()) out += ' ';
    out += geometry.toGtp(p);
  }
  return out;
}

std::string vertexList(const go::Geometry& geometry, const go::PointSet& points) {
  std::string out;
  points.forEach([&](go::Point p) {
    if (!out.empty()) out += ' ';
    out += geometry.toGtp(p);
  });
  return out;
}

}  // namespace tengen::gtp
