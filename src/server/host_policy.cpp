#include "server/host_policy.h"

#include <algorithm>
#include <cctype>

#include "server/client_address.h"

namespace tengen::server {

namespace {

bool isDigits(std::string_view text) {
  return !text.empty() && text.size() <= 5 &&
         std::all_of(text.begin(), text.end(), [](unsigned char c) { return std::isdigit(c); });
}

// Letters, digits, '-', '.', '_' (seen in LAN names): what a DNS name or IPv4 address holds.
bool isNameChar(unsigned char c) { return std::isalnum(c) || c == '-' || c == '.' || c == '_'; }

}  // namespace

std::optional<std::string> hostName(std::string_view text) {
  std::string_view name;
  if (text.starts_with('[')) {
    const auto close = text.find(']');
    if (close == std::string_view::npos) return std::nullopt;
    name = text.substr(1, close - 1);
    const std::string_view rest = text.substr(close + 1);
    if (!rest.empty() && !(rest.front() == ':' && isDigits(rest.substr(1)))) return std::nullopt;
    if (!isIpAddress(name) || name.find(':') == std::string_view::npos) return std::nullopt;
  } else {
    const auto colon = text.find(':');
    name = text.substr(0, colon);
    if (colon != std::string_view::npos && !isDigits(text.substr(colon + 1))) return std::nullopt;
    if (name.ends_with('.')) name.remove_suffix(1);
    if (name.empty() || !std::all_of(name.begin(), name.end(), isNameChar)) return std::nullopt;
  }
  std::string lower(name);
  std::transform(lower.begin(), lower.end(), lower.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return lower;
}

bool isHostAllowed(std::optional<std::string_view> host, const std::vector<std::string>& allowed) {
  if (!host) return true;
  const auto name = hostName(*host);
  if (!name) return false;
  if (*name == "localhost" || isIpAddress(*name)) return true;
  return std::any_of(allowed.begin(), allowed.end(), [&](const std::string& entry) {
    if (entry == "*") return true;
    const auto allowedName = hostName(entry);
    return allowedName && *allowedName == *name;
  });
}

}  // namespace tengen::server
