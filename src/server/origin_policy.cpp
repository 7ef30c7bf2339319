#include "server/origin_policy.h"

#include "server/http_message.h"

namespace tengen::server {

namespace {

std::string_view trimTrailingSlash(std::string_view text) {
  while (!text.empty() && text.back() == '/') text.remove_suffix(1);
  return text;
}

}  // namespace

bool isOriginAllowed(std::optional<std::string_view> origin, std::optional<std::string_view> host,
                     const std::vector<std::string>& allowed) {
  if (!origin) return true;
  const std::string_view originText = trimTrailingSlash(*origin);
  if (!allowed.empty()) {
    for (const std::string& entry : allowed) {
      if (entry == "*" || equalsIgnoreCase(trimTrailingSlash(entry), originText)) return true;
    }
    return false;
  }
  // "null" (sandboxed frames, file://) and anything without a scheme never match a Host.
  const auto schemeEnd = originText.find("://");
  if (schemeEnd == std::string_view::npos || !host || host->empty()) return false;
  const std::string_view scheme = originText.substr(0, schemeEnd);
  if (!equalsIgnoreCase(scheme, "http") && !equalsIgnoreCase(scheme, "https")) return false;
  return equalsIgnoreCase(originText.substr(schemeEnd + 3), *host);
}

}  // namespace tengen::server
