#pragma once

// Replies the site sends later through SessionContext::send (after a room or the store has
// answered), shaped like the transport's own replies: type and id lead, then the fields.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "server/message_handlers.h"

namespace tengen::site {

using SendFunction = std::function<void(std::shared_ptr<const std::string>)>;

// `body` must have "type"; the reply gets the request's id right after it.
std::shared_ptr<const std::string> replyMessage(const boost::json::object& body,
                                                const boost::json::value& id);
// `message`, a serialised JSON object, with `"id":…` after its type (first if it has none):
// a push that answers a command too (a command's last game_event, docs/protocol.md
// "Commands").
std::shared_ptr<const std::string> withId(const std::string& message, const boost::json::value& id);
// `{"type":"error","id":…,"code":…,"message":…}` plus "reason" when not empty.
std::shared_ptr<const std::string> errorMessage(const boost::json::value& id, std::string_view code,
                                                std::string_view message,
                                                std::string_view reason = {});

inline server::HandlerError handlerError(std::string code, std::string message) {
  return server::HandlerError{std::move(code), std::move(message)};
}

// Reads an optional integer field; errors name the field. nullopt when absent.
struct IntField {
  bool present = false;
  int64_t value = 0;
};
std::expected<IntField, server::HandlerError> readInt(const boost::json::object& message,
                                                      std::string_view field, int64_t min,
                                                      int64_t max);
// A required positive game id.
std::expected<int64_t, server::HandlerError> readGameId(const boost::json::object& message);

}  // namespace tengen::site
