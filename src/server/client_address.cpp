#include "server/client_address.h"

#include <arpa/inet.h>

#include <algorithm>
#include <array>

namespace tengen::server {

namespace {

std::string_view trimmed(std::string_view text) {
  const auto first = text.find_first_not_of(" \t");
  if (first == std::string_view::npos) return {};
  const auto last = text.find_last_not_of(" \t");
  return text.substr(first, last - first + 1);
}

}  // namespace

bool isIpAddress(std::string_view text) {
  if (text.empty() || text.size() >= INET6_ADDRSTRLEN ||
      text.find('\0') != std::string_view::npos) {
    return false;
  }
  const std::string terminated(text);  // inet_pton wants a C string
  std::array<unsigned char, sizeof(struct in6_addr)> bytes{};
  return inet_pton(AF_INET, terminated.c_str(), bytes.data()) == 1 ||
         inet_pton(AF_INET6, terminated.c_str(), bytes.data()) == 1;
}

std::string clientAddress(std::string_view peer, std::span<const std::string_view> forwardedFor,
                          std::span<const std::string> trustedProxies) {
  if (forwardedFor.empty() ||
      std::find(trustedProxies.begin(), trustedProxies.end(), peer) == trustedProxies.end()) {
    return std::string(peer);
  }
  // The proxy appends the address it saw; entries before it were written by whoever connected
  // to the proxy and prove nothing.
  const std::string_view field = forwardedFor.back();
  const auto comma = field.rfind(',');
  const auto last = trimmed(comma == std::string_view::npos ? field : field.substr(comma + 1));
  return isIpAddress(last) ? std::string(last) : std::string(peer);
}

}  // namespace tengen::server
