#include "site/bots/bot_handlers.h"

#include <boost/asio/post.hpp>

#include <utility>

#include "base/log.h"
#include "base/quote_input.h"
#include "server/envelope.h"
#include "site/bots/bot_service.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_directory.h"
#include "site/rooms/table_settings.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

// An error reply that names the field it is about (and the bot, for bot_match).
std::shared_ptr<const std::string> fieldError(const json::value& id, std::string_view code,
                                              std::string_view message, std::string_view field,
                                              std::string_view bot = {}) {
  json::object error = server::makeError(code, message, id);
  if (!field.empty()) error["field"] = field;
  if (!bot.empty()) error["bot"] = bot;
  return server::serializeMessage(error);
}

std::optional<std::string> stringField(const json::object& message, std::string_view field) {
  const json::value* value = message.if_contains(field);
  if (!value || !value->is_string() || value->get_string().empty()) return std::nullopt;
  return std::string(value->get_string());
}

// Creates the game on the blocking pool, seats the drivers and sits `joiner` down: the room
// answers the requester with `reply` once the start event is durable. `undo` runs if the game
// could not be created (the reserved slots go back).
struct NewBotGame {
  store::GameSettings settings;
  game::Player owner;
  game::Player joiner;
  int coin = 0;
  ReplyKind reply = ReplyKind::ChallengeAccepted;
  int64_t requester = 0;  // bot_match: the user whose match count holds the game
  std::function<void()> undo;
};

void startBotGame(SiteContext& context, NewBotGame game, SendFunction send, json::value id) {
  boost::asio::post(context.blocking, [&context, game = std::move(game), send = std::move(send),
                                       id = std::move(id)]() mutable {
    game.settings.createdMs = nowMs();
    auto created = context.store.createGame(game.settings);
    if (!created) {
      log::error("create_game_failed", {{"error", created.error().toString()}});
      game.undo();
      return send(errorMessage(id, "store_failed", "the store refused the new game"));
    }
    game.settings.id = *created;
    auto machine = game::GameMachine::create(game.settings, game.owner);
    if (!machine) {
      log::error("create_machine_failed",
                 {{"game", game.settings.id}, {"error", machine.error().toString()}});
      game.undo();
      return send(errorMessage(id, "bad_request", machine.error().toString()));
    }
    auto room = context.rooms.adopt(std::make_shared<GameRoom>(
        context, game.settings.id, LoadedRoom{game.settings, game.owner, {}, std::move(*machine)},
        false));
    // Each driver finds its colour in the start event (a nigiri is drawn at the join).
    context.bots->attach(room, game.settings.id, game.owner.bot ? game.owner.id : 0, game.joiner.id,
                         false, game.requester, game.owner.bot ? 0 : game.owner.id);
    RoomRequest request;
    request.actor = game::Actor{game.joiner.id, game.joiner.name};
    request.command.kind = game::CommandKind::Join;
    request.command.args = game::JoinArgs{game.coin, std::nullopt, game.joiner.bot};
    request.send = std::move(send);
    request.id = std::move(id);
    request.reply = game.reply;
    room->submit(std::move(request));
  });
}

HandlerResult challengeBot(SiteContext& context, SessionContext& session,
                           const json::object& message) {
  const json::value& id = message.at("id");
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  const auto name = stringField(message, "bot");
  if (!name) {
    session.send(fieldError(id, "bad_request", "missing \"bot\": the bot's name", "bot"));
    return std::nullopt;
  }
  auto settings = tableSettingsFromJson(message, session.user->id);
  if (!settings) {
    session.send(fieldError(id, "bad_request", settings.error().message, settings.error().where));
    return std::nullopt;
  }
  BotRoster& roster = context.bots->roster();
  const auto index = roster.find(*name);
  if (!index) return std::unexpected(handlerError("not_found", "no bot " + quoteInput(*name)));
  const BotSpec& spec = roster.spec(*index);
  if (auto decline = checkTable(spec, *settings)) {
    session.send(fieldError(id, "bot_declines", decline->message, decline->field, spec.name));
    return std::nullopt;
  }
  const int64_t userId = session.user->id;
  if (!context.bots->reserveOpponent(userId, *index)) {
    return std::unexpected(handlerError(
        "already_playing_bot", "you already play " + spec.name +
                                   "; finish that game (or resign it) before challenging again"));
  }
  if (!roster.reserve(*index)) {
    context.bots->releaseOpponent(userId, *index);
    return std::unexpected(
        handlerError("bot_busy", spec.name + " already plays " + std::to_string(spec.maxGames) +
                                     " games, as many as it takes at once; try again later"));
  }
  NewBotGame game;
  game.settings = std::move(*settings);
  game.owner = game::Player{session.user->id, session.user->name, false};
  game.joiner = game::Player{roster.userId(*index), spec.name, true};
  game.coin = context.coin();
  game.reply = ReplyKind::ChallengeAccepted;
  game.undo = [&context, &roster, index = *index, userId] {
    roster.release(index);
    context.bots->releaseOpponent(userId, index);
  };
  startBotGame(context, std::move(game), session.send, id);
  return std::nullopt;
}

HandlerResult botMatch(SiteContext& context, SessionContext& session, const json::object& message) {
  const json::value& id = message.at("id");
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  BotRoster& roster = context.bots->roster();
  std::optional<std::size_t> seats[2];
  const char* fields[2] = {"black", "white"};
  for (int i = 0; i < 2; ++i) {
    const auto name = stringField(message, fields[i]);
    if (!name) {
      session.send(fieldError(id, "bad_request",
                              "missing \"" + std::string(fields[i]) + "\": a bot's name",
                              fields[i]));
      return std::nullopt;
    }
    seats[i] = roster.find(*name);
    if (!seats[i]) return std::unexpected(handlerError("not_found", "no bot " + quoteInput(*name)));
  }
  if (*seats[0] == *seats[1]) {
    session.send(fieldError(id, "bad_request", "a bot cannot play itself: pick two bots", "white"));
    return std::nullopt;
  }
  json::object table = message;
  table["colour"] = "black";  // the black bot owns the table
  const int64_t blackId = roster.userId(*seats[0]);
  auto settings = tableSettingsFromJson(table, blackId);
  if (!settings) {
    session.send(fieldError(id, "bad_request", settings.error().message, settings.error().where));
    return std::nullopt;
  }
  for (const auto& seat : seats) {
    const BotSpec& spec = roster.spec(*seat);
    if (auto decline = checkTable(spec, *settings)) {
      session.send(fieldError(id, "bot_declines", decline->message, decline->field, spec.name));
      return std::nullopt;
    }
  }
  const int64_t requester = session.user->id;
  if (!context.bots->reserveMatch(requester)) {
    return std::unexpected(
        handlerError("bot_busy", "you already have " + std::to_string(kMaxBotMatchesPerUser) +
                                     " bot matches in play; wait for one to end"));
  }
  if (!roster.reserve(*seats[0])) {
    context.bots->releaseMatch(requester);
    return std::unexpected(
        handlerError("bot_busy", roster.spec(*seats[0]).name + " plays as many games as it takes"));
  }
  if (!roster.reserve(*seats[1])) {
    roster.release(*seats[0]);
    context.bots->releaseMatch(requester);
    return std::unexpected(
        handlerError("bot_busy", roster.spec(*seats[1]).name + " plays as many games as it takes"));
  }
  NewBotGame game;
  game.settings = std::move(*settings);
  game.owner = game::Player{blackId, roster.spec(*seats[0]).name, true};
  game.joiner = game::Player{roster.userId(*seats[1]), roster.spec(*seats[1]).name, true};
  game.reply = ReplyKind::BotMatchStarted;
  game.requester = requester;
  game.undo = [&roster, &context, black = *seats[0], white = *seats[1], requester] {
    roster.release(black);
    roster.release(white);
    context.bots->releaseMatch(requester);
  };
  startBotGame(context, std::move(game), session.send, id);
  return std::nullopt;
}

}  // namespace

void addBotHandlers(server::MessageHandlers& handlers, SiteContext& context) {
  handlers.add("challenge_bot",
               rateLimited([&context](SessionContext& session, const json::object& m) {
                 return challengeBot(context, session, m);
               }));
  handlers.add("bot_match", rateLimited([&context](SessionContext& session, const json::object& m) {
                 return botMatch(context, session, m);
               }));
}

}  // namespace tengen::site
