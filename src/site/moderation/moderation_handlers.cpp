#include "site/moderation/moderation_handlers.h"

#include <boost/asio/post.hpp>

#include <utility>

#include "site/moderation/moderation_requests.h"
#include "site/moderation/moderation_service.h"
#include "site/rooms/game_handlers.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

// Runs `work(user)` on the blocking pool and sends its reply (or refusal) to the socket.
template <typename Work>
HandlerResult onPool(SiteContext& context, SessionContext& session, const json::object& message,
                     Work work) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  boost::asio::post(context.blocking, [user = *session.user, send = session.send,
                                       id = message.at("id"), work = std::move(work)]() mutable {
    ModerationReply reply = work(user);
    if (!reply) return send(errorMessage(id, reply.error().code, reply.error().message));
    send(replyMessage(*reply, id));
  });
  return std::nullopt;
}

std::expected<std::string, server::HandlerError> readName(const json::object& m) {
  const json::value* name = m.if_contains("name");
  if (!name || !name->is_string() || name->get_string().empty() || name->get_string().size() > 64) {
    return std::unexpected(handlerError("bad_request", "missing \"name\": a player's name"));
  }
  return std::string(name->get_string());
}

}  // namespace

void addModerationHandlers(server::MessageHandlers& handlers, SiteContext& context,
                           ModerationService& service) {
  handlers.add("moderation_status",
               rateLimited([&context, &service](SessionContext& session, const json::object& m) {
                 return onPool(context, session, m, [&service](const server::SessionUser& user) {
                   return service.status(user);
                 });
               }));
  for (const bool on : {true, false}) {
    handlers.add(on ? "block" : "unblock",
                 rateLimited([&context, &service, on](SessionContext& session,
                                                      const json::object& m) -> HandlerResult {
                   auto name = readName(m);
                   if (!name) return std::unexpected(name.error());
                   return onPool(
                       context, session, m,
                       [&service, name = std::move(*name), on](const server::SessionUser& user) {
                         return service.block(user, name, on);
                       });
                 }));
  }
  handlers.add("report", rateLimited([&context, &service](SessionContext& session,
                                                          const json::object& m) -> HandlerResult {
                 auto request = decodeReport(m);
                 if (!request) return std::unexpected(request.error());
                 return onPool(
                     context, session, m,
                     [&service, request = std::move(*request)](const server::SessionUser& user) {
                       return service.report(user, request);
                     });
               }));
  handlers.add("mod_overview",
               rateLimited([&context, &service](SessionContext& session, const json::object& m) {
                 return onPool(context, session, m, [&service](const server::SessionUser& user) {
                   return service.overview(user);
                 });
               }));
  handlers.add(
      "mod_action", rateLimited([&context, &service](SessionContext& session,
                                                     const json::object& m) -> HandlerResult {
        auto request = decodeModeratorRequest(m);
        if (!request) return std::unexpected(request.error());
        return onPool(context, session, m,
                      [&service, request = std::move(*request)](const server::SessionUser& user) {
                        return service.act(user, request);
                      });
      }));
}

}  // namespace tengen::site
