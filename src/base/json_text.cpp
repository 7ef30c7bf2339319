#include "base/json_text.h"

#include <boost/json/serialize.hpp>

#include <array>
#include <charconv>
#include <cmath>

namespace tengen {

namespace json = boost::json;

namespace {

void append(std::string& out, const json::value& value) {
  switch (value.kind()) {
    case json::kind::double_:
      out += jsonNumber(value.get_double());
      return;
    case json::kind::object: {
      out += '{';
      bool first = true;
      for (const auto& member : value.get_object()) {
        if (!first) out += ',';
        first = false;
        out += json::serialize(member.key());
        out += ':';
        append(out, member.value());
      }
      out += '}';
      return;
    }
    case json::kind::array: {
      out += '[';
      bool first = true;
      for (const auto& element : value.get_array()) {
        if (!first) out += ',';
        first = false;
        append(out, element);
      }
      out += ']';
      return;
    }
    default:
      // Strings, integers, booleans and null: Boost.JSON already writes them as JavaScript.
      out += json::serialize(value);
      return;
  }
}

}  // namespace

std::string jsonNumber(double number) {
  if (!std::isfinite(number)) return "null";
  if (number == 0) return "0";  // JSON.stringify(-0) is "0"
  std::array<char, 32> buffer{};
  // Without a format, to_chars gives the shortest text that reads back as the same double.
  const auto [end, error] = std::to_chars(buffer.data(), buffer.data() + buffer.size(), number);
  return std::string(buffer.data(), end);
}

std::string jsonText(const json::value& value) {
  std::string out;
  append(out, value);
  return out;
}

}  // namespace tengen
