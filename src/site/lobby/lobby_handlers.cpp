#include "site/lobby/lobby_handlers.h"

#include <boost/asio/post.hpp>

#include <utility>

#include "base/log.h"
#include "site/lobby/lobby.h"
#include "site/lobby/turn_board.h"
#include "site/moderation_state.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_directory.h"
#include "site/rooms/table_settings.h"
#include "site/site_messages.h"
#include "site/site_session.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

HandlerResult subscribe(SiteContext& context, SessionContext& session) {
  siteSession(session).lobby = true;
  json::object reply = context.lobby.subscribe(session.sessionId, session.send);
  if (session.user) {
    reply["yourMove"] = context.turns->subscribe(session.sessionId, session.user->id, session.send);
  }
  return reply;
}

// The "your move" pushes without the lobby's: what a page other than the lobby needs, at a
// fraction of the lobby's traffic.
HandlerResult subscribeTurns(SiteContext& context, SessionContext& session) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  siteSession(session).turns = true;
  return json::object{
      {"type", "your_move"},
      {"games", context.turns->subscribe(session.sessionId, session.user->id, session.send)}};
}

HandlerResult unsubscribe(SiteContext& context, SessionContext& session) {
  siteSession(session).lobby = false;
  siteSession(session).turns = false;
  context.lobby.unsubscribe(session.sessionId);
  context.turns->unsubscribe(session.sessionId);
  return json::object{{"type", "ok"}};
}

HandlerResult createTable(SiteContext& context, SessionContext& session,
                          const json::object& message) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto settings = tableSettingsFromJson(message, session.user->id);
  if (!settings) return std::unexpected(handlerError("bad_request", settings.error().message));
  const int limit = context.limits.maxOpenTablesPerUser;
  if (!context.lobby.reserveTable(session.user->id, limit)) {
    return std::unexpected(handlerError(
        "too_many_tables", "you already have " + std::to_string(limit) +
                               " open tables; cancel one or wait for an opponent first"));
  }
  game::Player owner{session.user->id, session.user->name};
  boost::asio::post(context.blocking, [&context, settings = std::move(*settings), owner,
                                       send = session.send, id = message.at("id")]() mutable {
    settings.createdMs = nowMs();
    auto created = context.store.createGame(settings);
    if (!created) {
      log::error("create_game_failed", {{"error", created.error().toString()}});
      context.lobby.releaseTable(owner.id);
      return send(errorMessage(id, "store_failed", "the store refused the new game"));
    }
    settings.id = *created;
    auto machine = game::GameMachine::create(settings, owner);
    if (!machine) {
      log::error("create_machine_failed",
                 {{"game", settings.id}, {"error", machine.error().toString()}});
      context.lobby.releaseTable(owner.id);
      return send(errorMessage(id, "bad_request", machine.error().toString()));
    }
    auto room = context.rooms.adopt(std::make_shared<GameRoom>(
        context, settings.id, LoadedRoom{settings, owner, {}, std::move(*machine)}, false));
    send(replyMessage(json::object{{"type", "table_created"}, {"game", room->summary()}}, id));
  });
  return std::nullopt;
}

HandlerResult tableCommand(SiteContext& context, SessionContext& session,
                           const json::object& message, game::CommandKind kind, ReplyKind reply) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto gameId = readGameId(message);
  if (!gameId) return std::unexpected(gameId.error());
  // An open table is an offer like a challenge: a block either way keeps the two apart.
  if (kind == game::CommandKind::Join && context.moderation) {
    const auto owner = context.lobby.tableOwner(*gameId);
    if (owner && context.moderation->apart(*owner, session.user->id)) {
      return std::unexpected(handlerError(
          "blocked", "you cannot join this table: you or its owner has blocked the other"));
    }
  }
  RoomRequest request;
  request.actor = game::Actor{session.user->id, session.user->name};
  request.command.kind = kind;
  if (kind == game::CommandKind::Join) {
    request.command.args = game::JoinArgs{context.coin(), std::nullopt, false};
  }
  request.send = session.send;
  request.id = message.at("id");
  request.reply = reply;
  submitToRoom(context, *gameId, std::move(request));
  return std::nullopt;
}

}  // namespace

void addLobbyHandlers(server::MessageHandlers& handlers, SiteContext& context) {
  handlers.add("lobby_subscribe",
               rateLimited([&context](SessionContext& session, const json::object&) {
                 return subscribe(context, session);
               }));
  handlers.add("turns_subscribe",
               rateLimited([&context](SessionContext& session, const json::object&) {
                 return subscribeTurns(context, session);
               }));
  handlers.add("lobby_unsubscribe",
               rateLimited([&context](SessionContext& session, const json::object&) {
                 return unsubscribe(context, session);
               }));
  handlers.add("create_table",
               rateLimited([&context](SessionContext& session, const json::object& m) {
                 return createTable(context, session, m);
               }));
  handlers.add(
      "join_table", rateLimited([&context](SessionContext& session, const json::object& m) {
        return tableCommand(context, session, m, game::CommandKind::Join, ReplyKind::Joined);
      }));
  handlers.add(
      "cancel_table", rateLimited([&context](SessionContext& session, const json::object& m) {
        return tableCommand(context, session, m, game::CommandKind::Cancel, ReplyKind::Cancelled);
      }));
}

void addSessionHooks(server::MessageHandlers& handlers, SiteContext& context) {
  handlers.onSessionOpen([&context](SessionContext& session) {
    if (session.user) context.lobby.playerOnline(session.user->id, session.user->name);
  });
  handlers.onSessionClose([&context](SessionContext& session) {
    if (session.user) context.lobby.playerOffline(session.user->id);
    SiteSession* state = findSiteSession(session);
    if (!state) return;
    for (int64_t gameId : state->watched) {
      if (auto room = context.rooms.find(gameId)) room->unwatch(session.sessionId);
    }
    if (state->lobby) context.lobby.unsubscribe(session.sessionId);
    if (state->lobby || state->turns) context.turns->unsubscribe(session.sessionId);
  });
}

}  // namespace tengen::site
