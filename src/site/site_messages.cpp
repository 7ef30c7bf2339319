#include "site/site_messages.h"

#include <boost/json/serialize.hpp>

#include <cmath>

#include "server/envelope.h"

namespace tengen::site {

namespace json = boost::json;

std::shared_ptr<const std::string> replyMessage(const json::object& body, const json::value& id) {
  json::object reply;
  reply["type"] = body.contains("type") ? body.at("type") : json::value("reply");
  reply["id"] = id;
  for (const auto& [key, value] : body) {
    if (key != "type" && key != "id") reply[key] = value;
  }
  return server::serializeMessage(reply);
}

std::shared_ptr<const std::string> withId(const std::string& message, const json::value& id) {
  const std::string idText = json::serialize(id);
  // Right after the type, as replyMessage puts it: `{"type":"game_event","id":4,...`. Types
  // are plain names, so the type's closing quote is the first quote after its opening one.
  constexpr std::string_view kTypeFirst = "{\"type\":\"";
  std::size_t at = 1;
  if (message.starts_with(kTypeFirst)) {
    if (const std::size_t close = message.find('"', kTypeFirst.size()); close != std::string::npos)
      at = close + 1;
  }
  auto text = std::make_shared<std::string>();
  text->reserve(message.size() + idText.size() + 7);
  text->append(message, 0, at);
  if (at > 1) text->push_back(',');
  text->append("\"id\":").append(idText);
  // What followed: a comma-led member, the object's end, or (after `{`) the first member.
  if (at == 1 && message.size() > 2) text->push_back(',');
  text->append(message, at, std::string::npos);
  return text;
}

std::shared_ptr<const std::string> errorMessage(const json::value& id, std::string_view code,
                                                std::string_view message, std::string_view reason) {
  json::object error = server::makeError(code, message, id);
  if (!reason.empty()) error["reason"] = reason;
  return server::serializeMessage(error);
}

std::expected<IntField, server::HandlerError> readInt(const json::object& message,
                                                      std::string_view field, int64_t min,
                                                      int64_t max) {
  const json::value* value = message.if_contains(field);
  if (!value || value->is_null()) return IntField{};
  std::string range = std::to_string(min) + ".." + std::to_string(max);
  auto bad = [&] {
    return std::unexpected(handlerError(
        "bad_request", "\"" + std::string(field) + "\" must be an integer in " + range));
  };
  int64_t number = 0;
  if (value->is_int64()) {
    number = value->get_int64();
  } else if (value->is_uint64()) {
    if (value->get_uint64() > static_cast<uint64_t>(max)) return bad();
    number = static_cast<int64_t>(value->get_uint64());
  } else if (value->is_double()) {
    double d = value->get_double();
    if (!std::isfinite(d) || d != std::floor(d) || d < static_cast<double>(min) ||
        d > static_cast<double>(max)) {
      return bad();
    }
    number = static_cast<int64_t>(d);
  } else {
    return bad();
  }
  if (number < min || number > max) return bad();
  return IntField{true, number};
}

std::expected<int64_t, server::HandlerError> readGameId(const json::object& message) {
  auto id = readInt(message, "gameId", 1, INT64_MAX);
  if (!id) return std::unexpected(id.error());
  if (!id->present) return std::unexpected(handlerError("bad_request", "missing \"gameId\""));
  return id->value;
}

}  // namespace tengen::site
