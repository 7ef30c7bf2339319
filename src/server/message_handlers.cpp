#include "server/message_handlers.h"

#include <chrono>
#include <exception>

#include "base/log.h"
#include "base/quote_input.h"
#include "server/envelope.h"

namespace tengen::server {

namespace json = boost::json;

void MessageHandlers::add(std::string type, MessageHandler handler) {
  handlers_.insert_or_assign(std::move(type), std::move(handler));
}

std::shared_ptr<const std::string> MessageHandlers::dispatch(SessionContext& session,
                                                             std::string_view text) const {
  auto envelope = parseEnvelope(text);
  if (!envelope) {
    const EnvelopeError& error = envelope.error();
    return serializeMessage(makeError(error.code, error.message, error.id));
  }
  const auto handler = handlers_.find(envelope->type);
  if (handler == handlers_.end()) {
    return serializeMessage(makeError(errorCode::kUnknownType,
                                      "unknown message type " + quoteInput(envelope->type),
                                      envelope->id));
  }
  try {
    HandlerResult result = handler->second(session, envelope->message);
    if (!result) {
      return serializeMessage(makeError(result.error().code, result.error().message, envelope->id));
    }
    if (!*result) return nullptr;
    // Type and id lead so a reader of the wire sees them first.
    json::object reply;
    json::object& body = **result;
    reply["type"] = body.contains("type") ? body["type"] : json::value("reply");
    reply["id"] = envelope->id;
    for (auto& [key, value] : body) {
      if (key != "type" && key != "id") reply[key] = std::move(value);
    }
    return serializeMessage(reply);
  } catch (const std::exception& e) {
    log::error("handler_threw", {{"session", session.sessionId},
                                 {"type", envelope->type},
                                 {"what", std::string_view(e.what())}});
  } catch (...) {
    log::error("handler_threw", {{"session", session.sessionId}, {"type", envelope->type}});
  }
  return serializeMessage(makeError(errorCode::kInternalError,
                                    "the server failed to handle this message", envelope->id));
}

std::optional<SessionUser> MessageHandlers::authenticate(std::string_view cookieHeader) const {
  if (!authenticator_) return std::nullopt;
  return authenticator_(cookieHeader);
}

void MessageHandlers::sessionOpened(SessionContext& session) const {
  for (const SessionHook& hook : openHooks_) hook(session);
}

void MessageHandlers::sessionClosed(SessionContext& session) const {
  for (const SessionHook& hook : closeHooks_) hook(session);
}

void addBuiltinHandlers(MessageHandlers& handlers) {
  handlers.add("ping", [](SessionContext&, const json::object&) -> HandlerResult {
    const auto now = std::chrono::system_clock::now().time_since_epoch();
    json::object pong;
    pong["type"] = "pong";
    pong["serverTimeMs"] = std::chrono::duration_cast<std::chrono::milliseconds>(now).count();
    return pong;
  });
  handlers.add("hello", [](SessionContext& session, const json::object&) -> HandlerResult {
    json::object welcome;
    welcome["type"] = "welcome";
    welcome["protocol"] = kProtocolVersion;
    if (session.user) {
      welcome["user"] = {
          {"id", session.user->id}, {"name", session.user->name}, {"guest", session.user->guest}};
    } else {
      welcome["user"] = nullptr;
    }
    return welcome;
  });
}

}  // namespace tengen::server
