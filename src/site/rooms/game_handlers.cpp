#include "site/rooms/game_handlers.h"

#include <chrono>
#include <utility>

#include "site/moderation_state.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_directory.h"
#include "site/site_messages.h"
#include "site/site_session.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

HandlerResult watch(SiteContext& context, SessionContext& session, const json::object& message) {
  auto gameId = readGameId(message);
  if (!gameId) return std::unexpected(gameId.error());
  auto since = readInt(message, "sinceVersion", 0, INT64_MAX);
  if (!since) return std::unexpected(since.error());
  SiteSession& state = siteSession(session);
  state.watched.insert(*gameId);
  std::optional<int64_t> sinceVersion;
  if (since->present) sinceVersion = since->value;
  const int64_t userId = session.user ? session.user->id : 0;
  context.rooms.withRoom(*gameId, [sessionId = session.sessionId, userId,
                                   alive = std::weak_ptr<void>(session.siteState),
                                   send = session.send, id = message.at("id"), sinceVersion](
                                      std::shared_ptr<GameRoom> room,
                                      std::optional<server::HandlerError> error) mutable {
    if (!room) return send(errorMessage(id, error->code, error->message));
    room->watch(sessionId, userId, std::move(alive), std::move(send), std::move(id), sinceVersion);
  });
  return std::nullopt;
}

HandlerResult unwatch(SiteContext& context, SessionContext& session, const json::object& message) {
  auto gameId = readGameId(message);
  if (!gameId) return std::unexpected(gameId.error());
  siteSession(session).watched.erase(*gameId);
  if (auto room = context.rooms.find(*gameId)) room->unwatch(session.sessionId);
  return json::object{{"type", "ok"}};
}

HandlerResult command(SiteContext& context, SessionContext& session, game::CommandKind kind,
                      const json::object& message) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto gameId = readGameId(message);
  if (!gameId) return std::unexpected(gameId.error());
  auto expected = readInt(message, "expectedVersion", 0, INT64_MAX);
  if (!expected) return std::unexpected(expected.error());
  if (kind == game::CommandKind::Chat && context.moderation) {
    // Checked here, before the room: a muted line is never written to the game's log.
    if (auto mute = context.moderation->muteOf(session.user->id, nowMs())) {
      return std::unexpected(handlerError("muted", muteRefusal(*mute)));
    }
  }
  RoomRequest request;
  request.actor = game::Actor{session.user->id, session.user->name};
  request.command = game::decodeCommand(kind, message);
  if (expected->present) request.expectedVersion = expected->value;
  request.send = session.send;
  request.id = message.at("id");
  request.sessionId = session.sessionId;
  request.reply = ReplyKind::Ok;
  submitToRoom(context, *gameId, std::move(request));
  return std::nullopt;
}

}  // namespace

void submitToRoom(SiteContext& context, int64_t gameId, RoomRequest request) {
  context.rooms.withRoom(
      gameId, [request = std::move(request)](std::shared_ptr<GameRoom> room,
                                             std::optional<server::HandlerError> error) mutable {
        if (room) return room->submit(std::move(request));
        refuse(request, error->code, error->message);
      });
}

server::MessageHandler rateLimited(server::MessageHandler handler) {
  return [handler = std::move(handler)](SessionContext& session,
                                        const json::object& message) -> HandlerResult {
    if (!siteSession(session).limiter.allow(std::chrono::steady_clock::now())) {
      return std::unexpected(handlerError(
          "rate_limited", "more than 50 messages per second; slow down and resend this one"));
    }
    return handler(session, message);
  };
}

void addGameHandlers(server::MessageHandlers& handlers, SiteContext& context) {
  handlers.add("watch", rateLimited([&context](SessionContext& session, const json::object& m) {
                 return watch(context, session, m);
               }));
  handlers.add("unwatch", rateLimited([&context](SessionContext& session, const json::object& m) {
                 return unwatch(context, session, m);
               }));
  // The player commands of docs/protocol.md, "Commands" (game_commands.h); the machine checks
  // their fields.
  for (const game::CommandSpec* spec = game::commandTableBegin(); spec != game::commandTableEnd();
       ++spec) {
    if (spec->sender != game::CommandSender::Client) continue;
    handlers.add(
        std::string(spec->wireName),
        rateLimited([&context, kind = spec->kind](SessionContext& session, const json::object& m) {
          return command(context, session, kind, m);
        }));
  }
}

}  // namespace tengen::site
