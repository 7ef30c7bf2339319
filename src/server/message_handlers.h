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
#include <vector>

namespace tengen::server {

// The account a WebSocket belongs to, read from its upgrade request's session cookie.
struct SessionUser {
  std::int64_t id = 0;
  std::string name;
  bool guest = false;
  // Which login session this is (opaque; the session token's hash), so that ending the
  // session closes its sockets (login_sockets.h). Empty: none to track. Never sent to clients.
  std::string loginKey;
};

// What a handler knows about the session that sent the message. Handlers run on that session's
// strand, so they may read and change it without locks.
struct SessionContext {
  std::uint64_t sessionId = 0;
  std::string remoteAddress;
  // Set once before the first message, from the upgrade request's cookie; nullopt: anonymous.
  std::optional<SessionUser> user;
  // Queue a message for this session; thread-safe, a no-op once the session has closed.
  std::function<void(std::shared_ptr<const std::string>)> send;
  // Per-session state of the layers above the transport (watched games, lobby subscription).
  // Owned by the session, so it lives exactly as long as the socket.
  std::shared_ptr<void> siteState;
};

// Finds the user of a WebSocket from its upgrade request's `Cookie` header (empty when absent).
// Called on an I/O thread before the upgrade completes: it must be quick (a cache or one
// indexed read) and thread-safe.
using Authenticator = std::function<std::optional<SessionUser>(std::string_view cookieHeader)>;
// Runs once when a WebSocket has opened (on its strand, before its first message) or closed
// (from its destructor, on any thread). Must be thread-safe and quick.
using SessionHook = std::function<void(SessionContext& session)>;

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

  // Set before Server::start(), like the handlers.
  void setAuthenticator(Authenticator authenticator) { authenticator_ = std::move(authenticator); }
  void onSessionOpen(SessionHook hook) { openHooks_.push_back(std::move(hook)); }
  void onSessionClose(SessionHook hook) { closeHooks_.push_back(std::move(hook)); }

  std::optional<SessionUser> authenticate(std::string_view cookieHeader) const;
  void sessionOpened(SessionContext& session) const;
  void sessionClosed(SessionContext& session) const;

 private:
  std::unordered_map<std::string, MessageHandler> handlers_;
  Authenticator authenticator_;
  std::vector<SessionHook> openHooks_;
  std::vector<SessionHook> closeHooks_;
};

// `ping` → `pong` with serverTimeMs; `hello` → `welcome` with the protocol version and the socket's
// user (or null).
inline constexpr int kProtocolVersion = 1;
void addBuiltinHandlers(MessageHandlers& handlers);

}  // namespace tengen::server
