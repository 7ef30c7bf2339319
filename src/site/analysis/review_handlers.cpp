#include "site/analysis/review_handlers.h"

#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>

#include "site/analysis/engine_reviewer.h"
#include "site/analysis/review_json.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/room_loader.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

struct ReviewRequest {
  int64_t userId = 0;  // 0: not logged in (may look, not start)
  int64_t gameId = 0;
  bool start = false;
  uint64_t sessionId = 0;
  SendFunction send;
  json::value id;
};

// On the blocking pool: the stored review, or the one underway (followed from now on), or
// none; with `start`, a new one queued.
void askReview(SiteContext& context, EngineReviewer& reviewer, const ReviewRequest& asked) {
  const auto refuse = [&](std::string_view code, std::string_view message) {
    asked.send(errorMessage(asked.id, code, message));
  };
  const int64_t playouts = reviewer.options().playouts;
  const auto reply = [&](std::string_view status, int64_t total,
                         const std::vector<store::EngineReviewPosition>& positions) {
    asked.send(
        replyMessage(reviewJson(asked.gameId, status, playouts, total, positions), asked.id));
  };
  const auto stored = [&]() -> bool {
    auto review = context.store.engineReviewOf(asked.gameId, playouts);
    if (!review) {
      refuse("store_failed", review.error().toString());
      return true;
    }
    if (!*review) return false;
    const auto& positions = (*review)->positions;
    reply("done", static_cast<int64_t>(positions.size()), positions);
    return true;
  };
  const auto underway = [&]() -> bool {
    auto progress = reviewer.watch(asked.gameId, asked.sessionId, asked.send);
    if (!progress) return false;
    reply(progress->running ? "running" : "queued", progress->total, progress->positions);
    return true;
  };
  if (stored() || underway()) return;
  if (!asked.start) return reply("none", 0, {});
  if (asked.userId == 0) return refuse("not_logged_in", "log in to ask for an engine review");

  switch (reviewer.reserve(asked.userId, asked.gameId, asked.sessionId, asked.send)) {
    case EngineReviewer::Reserved::Yes:
      break;
    case EngineReviewer::Reserved::Underway:  // asked by someone else a moment ago
      if (!underway()) reply("none", 0, {});
      return;
    case EngineReviewer::Reserved::UserLimit:
      return refuse("review_limit",
                    "you already have " + std::to_string(reviewer.options().perUser) +
                        " engine reviews underway; ask again when one has finished");
    case EngineReviewer::Reserved::Full:
      return refuse("busy", "the server has too many engine reviews underway; ask again later");
  }
  // From here every refusal gives the reservation back first.
  const auto refuseReserved = [&](std::string_view code, std::string_view message) {
    reviewer.abandon(asked.gameId);
    refuse(code, message);
  };
  // Finished between the first read and the reservation: served from the store after all.
  if (auto again = context.store.engineReviewOf(asked.gameId, playouts); again && *again) {
    reviewer.abandon(asked.gameId);
    stored();
    return;
  }
  auto loaded = loadRoom(context.store, asked.gameId);
  if (!loaded) return refuseReserved("store_failed", loaded.error().toString());
  if (!*loaded) return refuseReserved("not_found", "no game " + std::to_string(asked.gameId));
  const game::GameMachine& machine = (*loaded)->machine;
  if (machine.phase() != game::Phase::Finished) {
    return refuseReserved("wrong_phase", "only a finished game can be reviewed");
  }
  const go::Game& game = machine.game();
  const size_t moves = game.moves().size();
  if (moves == 0) return refuseReserved("nothing_to_review", "the game has no moves");
  if (moves > reviewer.options().maxMoves) {
    return refuseReserved("too_long", "a review covers games of at most " +
                                          std::to_string(reviewer.options().maxMoves) +
                                          " moves; this one has " + std::to_string(moves));
  }
  reviewer.start(asked.gameId, game);
  reply("queued", static_cast<int64_t>(moves) + 1, {});
}

HandlerResult handleReview(SiteContext& context, EngineReviewer& reviewer, SessionContext& session,
                           const json::object& message) {
  auto gameId = readGameId(message);
  if (!gameId) return std::unexpected(gameId.error());
  bool start = false;
  if (const json::value* value = message.if_contains("start")) {
    if (!value->is_bool()) {
      return std::unexpected(handlerError("bad_request", "start must be true or false"));
    }
    start = value->as_bool();
  }
  ReviewRequest asked{session.user ? session.user->id : 0,
                      *gameId,
                      start,
                      session.sessionId,
                      session.send,
                      message.at("id")};
  boost::asio::post(context.blocking, [&context, &reviewer, asked = std::move(asked)] {
    askReview(context, reviewer, asked);
  });
  return std::nullopt;
}

}  // namespace

void addReviewHandlers(server::MessageHandlers& handlers, SiteContext& context,
                       EngineReviewer& reviewer) {
  handlers.add("engine_review",
               rateLimited([&context, &reviewer](SessionContext& session, const json::object& m) {
                 return handleReview(context, reviewer, session, m);
               }));
}

}  // namespace tengen::site
