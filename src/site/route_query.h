#pragma once

// What the site's REST routes read from a request's target: a query parameter, an id in the
// path. One reading for every route, so that `?limit=7&x` or `/api/games/0012` mean the same
// everywhere.

#include <charconv>
#include <cstdint>
#include <optional>
#include <string_view>
#include <system_error>

namespace tengen::site {

// The value of the first `name=value` pair of `query` ("" for a bare `name`); nullopt when
// absent. Not percent-decoded: the routes' parameters are numbers and words.
inline std::optional<std::string_view> queryValue(std::string_view query, std::string_view name) {
  while (!query.empty()) {
    const std::size_t amp = query.find('&');
    const std::string_view pair = query.substr(0, amp);
    query = amp == std::string_view::npos ? std::string_view{} : query.substr(amp + 1);
    const std::size_t eq = pair.find('=');
    if (pair.substr(0, eq) == name) {
      return eq == std::string_view::npos ? std::string_view{} : pair.substr(eq + 1);
    }
  }
  return std::nullopt;
}

// A decimal id of 1 or more, the whole of `text`; nullopt for anything else.
inline std::optional<int64_t> parsePositiveId(std::string_view text) {
  int64_t id = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), id);
  if (ec != std::errc{} || end != text.data() + text.size() || id <= 0) return std::nullopt;
  return id;
}

}  // namespace tengen::site
