#include "site/accounts/account_routes.h"

#include <boost/json/parse.hpp>

#include "server/cookies.h"
#include "site/json_http.h"

namespace tengen::site {

namespace {

bool isNameChar(char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_' ||
         c == '-';
}

bool startsWithIgnoreCase(std::string_view text, std::string_view prefix) {
  return text.size() >= prefix.size() &&
         server::equalsIgnoreCase(text.substr(0, prefix.size()), prefix);
}

std::expected<std::string, std::string> stringField(const boost::json::object& body,
                                                    std::string_view field) {
  const boost::json::value* value = body.if_contains(field);
  if (value == nullptr) return std::unexpected("missing \"" + std::string(field) + "\": a string");
  if (!value->is_string())
    return std::unexpected("\"" + std::string(field) + "\" must be a string");
  return std::string(value->get_string());
}

}  // namespace

std::expected<Credentials, std::string> parseCredentials(std::string_view body) {
  boost::system::error_code ec;
  const boost::json::value parsed = boost::json::parse(body, ec);
  if (ec) return std::unexpected("the body must be JSON: " + ec.message());
  if (!parsed.is_object()) return std::unexpected(std::string("the body must be a JSON object"));
  const boost::json::object& object = parsed.get_object();
  auto name = stringField(object, "name");
  if (!name) return std::unexpected(name.error());
  auto password = stringField(object, "password");
  if (!password) return std::unexpected(password.error());
  return Credentials{std::move(*name), std::move(*password)};
}

std::optional<std::string> checkNewName(std::string_view name) {
  if (name.size() < kMinNameLength || name.size() > kMaxNameLength) {
    return "\"name\" must be 2 to 20 characters long";
  }
  for (char c : name) {
    if (!isNameChar(c)) return "\"name\" may hold only letters, digits, '_' and '-'";
  }
  if (startsWithIgnoreCase(name, kGuestPrefix)) return "\"name\" may not start with \"guest-\"";
  return std::nullopt;
}

std::optional<std::string> checkNewPassword(std::string_view password) {
  if (password.size() < kMinPasswordBytes || password.size() > kMaxPasswordBytes) {
    return "\"password\" must be 8 to 256 bytes long";
  }
  return std::nullopt;
}

boost::json::object userJson(const server::SessionUser& user) {
  boost::json::object json;
  json["id"] = user.id;
  json["name"] = user.name;
  json["guest"] = user.guest;
  return json;
}

server::HttpResponse userResponse(int status, const server::SessionUser& user,
                                  std::optional<std::string_view> token,
                                  std::chrono::seconds cookieLifetime) {
  boost::json::object body;
  body["user"] = userJson(user);
  server::HttpResponse response = jsonResponse(status, body);
  if (token) {
    response.headers.emplace_back("Set-Cookie",
                                  server::setCookieValue(kSessionCookie, *token, cookieLifetime));
  }
  return response;
}

server::HttpResponse loggedOutResponse() {
  server::HttpResponse response;
  response.status = 204;
  response.headers.emplace_back("Cache-Control", "no-store");
  response.headers.emplace_back("Set-Cookie", server::clearCookieValue(kSessionCookie));
  return response;
}

}  // namespace tengen::site
