#include "server/cookies.h"

#include <cassert>

#include "server/http_message.h"

namespace tengen::server {

namespace {

// RFC 6265 §4.1.1: cookie-octet = %x21 / %x23-2B / %x2D-3A / %x3C-5B / %x5D-7E.
bool isCookieOctet(char c) {
  const auto byte = static_cast<unsigned char>(c);
  return byte == 0x21 || (byte >= 0x23 && byte <= 0x2B) || (byte >= 0x2D && byte <= 0x3A) ||
         (byte >= 0x3C && byte <= 0x5B) || (byte >= 0x5D && byte <= 0x7E);
}

// RFC 7230 token characters, which is what a cookie name must be.
bool isTokenChar(char c) {
  const auto byte = static_cast<unsigned char>(c);
  if (byte <= 0x20 || byte >= 0x7F) return false;
  return std::string_view("()<>@,;:\\\"/[]?={}").find(c) == std::string_view::npos;
}

[[maybe_unused]] bool isToken(std::string_view text) {
  if (text.empty()) return false;
  for (char c : text) {
    if (!isTokenChar(c)) return false;
  }
  return true;
}

}  // namespace

bool isCookieValue(std::string_view value) {
  for (char c : value) {
    if (!isCookieOctet(c)) return false;
  }
  return true;
}

std::optional<std::string_view> findCookie(std::string_view cookieHeader, std::string_view name) {
  // Browsers separate pairs with "; ". Some clients send "," or nothing sensible at all: any
  // part that is not `name=value` is skipped instead of failing the whole header (RFC 6265
  // §5.2 tells user agents to ignore such parts; a server gains nothing by being stricter).
  while (!cookieHeader.empty()) {
    const std::size_t end = cookieHeader.find(';');
    const std::string_view part = cookieHeader.substr(0, end);
    cookieHeader =
        end == std::string_view::npos ? std::string_view() : cookieHeader.substr(end + 1);
    const std::size_t equals = part.find('=');
    if (equals == std::string_view::npos) continue;
    if (trimBlanks(part.substr(0, equals)) != name) continue;
    std::string_view value = trimBlanks(part.substr(equals + 1));
    if (value.size() >= 2 && value.front() == '"' && value.back() == '"') {
      value = value.substr(1, value.size() - 2);
    }
    return value;
  }
  return std::nullopt;
}

std::string setCookieValue(std::string_view name, std::string_view value,
                           std::chrono::seconds maxAge) {
  assert(isToken(name) && isCookieValue(value));
  std::string text;
  text.reserve(name.size() + value.size() + 64);
  text.append(name).append("=").append(value);
  text.append("; Path=/; HttpOnly; SameSite=Lax; Max-Age=");
  text.append(std::to_string(maxAge.count() < 0 ? 0 : maxAge.count()));
  return text;
}

std::string clearCookieValue(std::string_view name) {
  return setCookieValue(name, "", std::chrono::seconds(0));
}

}  // namespace tengen::server
