#pragma once

// The request and response shapes of the account routes (docs/protocol.md, "Accounts (REST)"):
// parsing and checking a credentials body, the user object, and responses that carry the
// session cookie. Pure functions: Accounts does the threading and the store.

#include <boost/json/object.hpp>

#include <chrono>
#include <expected>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_message.h"
#include "server/message_handlers.h"

namespace tengen::site {

inline constexpr std::string_view kSessionCookie = "tengen_session";
inline constexpr std::size_t kMinNameLength = 2;
inline constexpr std::size_t kMaxNameLength = 20;
inline constexpr std::size_t kMinPasswordBytes = 8;
inline constexpr std::size_t kMaxPasswordBytes = 256;
// Guests are named `guest-` plus ten digits; registered names may not start with it, so a
// name tells everybody in the lobby whether its owner has an account.
inline constexpr std::string_view kGuestPrefix = "guest-";

struct Credentials {
  std::string name;
  std::string password;
};

// `{"name":"…","password":"…"}`; other fields are ignored. The error says which field is wrong.
std::expected<Credentials, std::string> parseCredentials(std::string_view body);

// Why a name or password cannot be registered; nullopt when it can.
std::optional<std::string> checkNewName(std::string_view name);
std::optional<std::string> checkNewPassword(std::string_view password);

// `{"id":7,"name":"alice","guest":false}`
boost::json::object userJson(const server::SessionUser& user);

// `{"user":{…}}` with the given status and, when `token` is set, the session cookie.
server::HttpResponse userResponse(int status, const server::SessionUser& user,
                                  std::optional<std::string_view> token,
                                  std::chrono::seconds cookieLifetime);

// 204 without a body that makes the browser drop the session cookie.
server::HttpResponse loggedOutResponse();

}  // namespace tengen::site
