#pragma once

// Reading a request's `Cookie` header and writing `Set-Cookie` values (RFC 6265), without Beast.
// The site's session cookie is the one user: its attributes (HttpOnly, SameSite=Lax, Path=/)
// keep the token away from scripts and out of cross-site POSTs.

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

namespace tengen::server {

// The value of the first cookie called `name` (case-sensitive, as cookie names are) in a
// `Cookie` header such as `a=1; tengen_session=xyz`, with surrounding blanks and one pair of
// double quotes removed. Parts without '=' are skipped. nullopt when absent; the value may be
// empty (`name=`). The view points into `cookieHeader`.
std::optional<std::string_view> findCookie(std::string_view cookieHeader, std::string_view name);

// `name=value; Path=/; HttpOnly; SameSite=Lax; Max-Age=N`. Precondition: `name` is a token and
// `value` holds only cookie-octets (no blanks, quotes, commas, semicolons or backslashes):
// callers pass fixed names and generated values, never user text.
std::string setCookieValue(std::string_view name, std::string_view value,
                           std::chrono::seconds maxAge);

// A Set-Cookie value that makes the browser forget the cookie at once (empty, Max-Age=0).
std::string clearCookieValue(std::string_view name);

// True if `value` may be sent in a cookie unquoted (RFC 6265 cookie-octets).
bool isCookieValue(std::string_view value);

}  // namespace tengen::server
