#pragma once

// The WebSocket message registry: message type → handler. A session hands each text message to
// `dispatch`, which parses the envelope, runs the handler and builds the reply (the reply's
// `type` comes from the handler, its `id` is the request's). Register every handler before
// Server::start(); afterwards the registry is read from many strands at once and must not change.

#include <boost/json/object.hpp>

#include <cstdint>
#include <expected>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>

namespace tengen::server {

// What a handler knows about the session that sent the message. Handlers run on that session's
// strand, so they may keep per-session state here later (the logged-in user, watched games).
struct SessionContext {
  std::uint64_t sessionId = 0;
  std::string remoteAddress;
  // Queue a message for this session; thread-safe, a no-op once the session has closed.
  std::function<void(std::shared_ptr<const std::string>)> send;
};

struct HandlerError {
  std::string code;  // one of errorCode::… or a handler-specific snake_case code
  std::string message;
};

// A reply object with at least "type"; nullopt when the handler answers later through
// `SessionContext::send` (for example after the store commits).
using HandlerResult = std::expected<std::optional<boost::json::object>, HandlerError>;
using MessageHandler =
    std::function<HandlerResult(SessionContext& session, const boost::json::object& message)>;

class MessageHandlers {
 public:
  void add(std::string type, MessageHandler handler);

  // The serialized reply to one client message (an error reply for bad input), or nullptr when
  // the handler replies later. Never throws: a throwing handler becomes `internal_error`.
  std::shared_ptr<const std::string> dispatch(SessionContext& session, std::string_view text) const;

 private:
  std::unordered_map<std::string, MessageHandler> handlers_;
};

// `ping` → `pong` with serverTimeMs; `hello` → `welcome` with the protocol version.
inline constexpr int kProtocolVersion = 1;
void addBuiltinHandlers(MessageHandlers& handlers);

}  // namespace tengen::server
