#include "store/review_rows.h"

#include <charconv>

namespace tengen::store {

std::string controllersText(const std::vector<int64_t>& ids) {
  std::string text;
  for (int64_t id : ids) {
    if (!text.empty()) text += ',';
    text += std::to_string(id);
  }
  return text;
}

std::vector<int64_t> parseControllers(const std::string& text) {
  std::vector<int64_t> ids;
  const char* at = text.data();
  const char* end = text.data() + text.size();
  while (at < end) {
    int64_t id = 0;
    auto [next, ec] = std::from_chars(at, end, id);
    // The store wrote this column itself; a damaged entry is skipped rather than trusted.
    if (ec == std::errc() && id > 0) ids.push_back(id);
    at = next;
    while (at < end && *at != ',') ++at;
    if (at < end) ++at;
  }
  return ids;
}

}  // namespace tengen::store
