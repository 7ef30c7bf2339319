#include "site/conditional/conditional_handlers.h"

#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include "site/conditional/conditional_feed.h"
#include "site/conditional/conditional_tree.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/room_loader.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

json::object planJson(int64_t gameId, int64_t moveNumber, json::array tree) {
  return json::object{{"type", "conditional_moves"},
                      {"gameId", gameId},
                      {"moveNumber", moveNumber},
                      {"tree", std::move(tree)}};
}

// The player's colour in the game, or the refusal of a plan there.
std::expected<go::Color, server::HandlerError> plannerColour(const game::GameMachine& machine,
                                                             int64_t userId) {
  const game::Viewer viewer = machine.viewerOf(userId);
  if (viewer == game::Viewer::Spectator) {
    return std::unexpected(handlerError("not_a_player", "you are not seated in this game"));
  }
  if (!takesConditionalMoves(machine)) {
    return std::unexpected(handlerError(
        "wrong_phase", "conditional moves are for correspondence games in play"));
  }
  const go::Color colour = viewer == game::Viewer::Black ? go::Color::Black : go::Color::White;
  if (machine.game().toMove() == colour) {
    return std::unexpected(handlerError(
        "not_your_turn", "conditional moves are planned while the opponent is to move"));
  }
  return colour;
}

// On the blocking pool: checks the plan against the game in the store and saves it.
std::shared_ptr<const std::string> setPlan(SiteContext& context, int64_t userId, int64_t gameId,
                                           int64_t moveNumber, const json::value& treeJson,
                                           const json::value& id) {
  const auto refuse = [&](std::string_view code, std::string_view message) {
    return errorMessage(id, code, message);
  };
  auto loaded = loadRoom(context.store, gameId);
  if (!loaded) return refuse("store_failed", loaded.error().toString());
  if (!*loaded) return refuse("not_found", "no game " + std::to_string(gameId));
  const game::GameMachine& machine = (*loaded)->machine;
  auto colour = plannerColour(machine, userId);
  if (!colour) return refuse(colour.error().code, colour.error().message);
  if (moveNumber != machine.moveNumber()) {
    return refuse("stale_version", "the game has " + std::to_string(machine.moveNumber()) +
                                       " moves now, not " + std::to_string(moveNumber) +
                                       ": plan again from the position as it stands");
  }
  const go::Game& position = machine.game();
  auto tree = parseConditionalTree(treeJson, position.geometry());
  if (!tree) return refuse("bad_request", tree.error());
  if (auto checked = checkConditionalTree(*tree, position, *colour); !checked) {
    return refuse("illegal_move", checked.error());
  }
  const auto saved =
      tree->empty() ? context.store.dropConditionalMoves(gameId, userId)
                    : context.store.saveConditionalMoves(
                          gameId, userId,
                          store::ConditionalMoves{moveNumber,
                                                  conditionalTreeText(*tree, position.geometry())});
  if (!saved) return refuse("store_failed", saved.error().toString());
  return replyMessage(
      planJson(gameId, moveNumber, conditionalTreeJson(*tree, position.geometry())), id);
}

// On the blocking pool: the player's plan as stored; an empty tree when there is none.
std::shared_ptr<const std::string> getPlan(SiteContext& context, int64_t userId, int64_t gameId,
                                           const json::value& id) {
  auto row = context.store.conditionalMovesOf(gameId, userId);
  if (!row) return errorMessage(id, "store_failed", row.error().toString());
  if (!*row) return replyMessage(planJson(gameId, 0, {}), id);
  boost::system::error_code parseError;
  json::value tree = json::parse((*row)->tree, parseError);
  if (parseError || !tree.is_array()) tree = json::array();
  return replyMessage(planJson(gameId, (*row)->moveNumber, std::move(tree.as_array())), id);
}

HandlerResult handle(SiteContext& context, SessionContext& session, const json::object& message,
                     bool set) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto gameId = readGameId(message);
  if (!gameId) return std::unexpected(gameId.error());
  json::value tree;
  int64_t moveNumber = 0;
  if (set) {
    auto number = readInt(message, "moveNumber", 0, 100'000);
    if (!number) return std::unexpected(number.error());
    if (!number->present) {
      return std::unexpected(handlerError(
          "bad_request", "moveNumber is required: the number of moves of the game you planned on"));
    }
    moveNumber = number->value;
    const json::value* given = message.if_contains("tree");
    if (!given) return std::unexpected(handlerError("bad_request", "tree is required"));
    tree = *given;
  }
  boost::asio::post(context.blocking, [&context, set, userId = session.user->id, gameId = *gameId,
                                       moveNumber, tree = std::move(tree), send = session.send,
                                       id = message.at("id")] {
    send(set ? setPlan(context, userId, gameId, moveNumber, tree, id)
             : getPlan(context, userId, gameId, id));
  });
  return std::nullopt;
}

}  // namespace

void addConditionalHandlers(server::MessageHandlers& handlers, SiteContext& context) {
  handlers.add("conditional_moves_get",
               rateLimited([&context](SessionContext& session, const json::object& m) {
                 return handle(context, session, m, false);
               }));
  handlers.add("conditional_moves_set",
               rateLimited([&context](SessionContext& session, const json::object& m) {
                 return handle(context, session, m, true);
               }));
}

}  // namespace tengen::site
