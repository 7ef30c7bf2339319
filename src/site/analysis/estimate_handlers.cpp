#include "site/analysis/estimate_handlers.h"

#include <boost/asio/post.hpp>
#include <boost/json/object.hpp>

#include "site/analysis/score_estimator.h"
#include "site/rooms/game_handlers.h"
#include "site/rooms/room_loader.h"
#include "site/site_messages.h"

namespace tengen::site {

namespace json = boost::json;
using server::HandlerResult;
using server::SessionContext;

namespace {

struct Asked {
  int64_t userId = 0;
  int64_t gameId = 0;
  std::optional<int64_t> moveNumber;  // nullopt: the position as the game stands
  SendFunction send;
  json::value id;
};

// On the blocking pool, with the user's place reserved: reads the game, checks it may be
// estimated, queues the estimate.
void ask(SiteContext& context, ScoreEstimator& estimator, Asked asked) {
  const auto refuse = [&](std::string_view code, std::string_view message) {
    asked.send(errorMessage(asked.id, code, message));
  };
  // Every refusal gives the user's place back first, so that the refused user may ask again
  // as soon as the refusal arrives.
  const auto refuseReserved = [&](std::string_view code, std::string_view message) {
    estimator.release(asked.userId);
    refuse(code, message);
  };
  auto loaded = loadRoom(context.store, asked.gameId);
  if (!loaded) return refuseReserved("store_failed", loaded.error().toString());
  if (!*loaded) return refuseReserved("not_found", "no game " + std::to_string(asked.gameId));
  const game::GameMachine& machine = (*loaded)->machine;
  switch (machine.phase()) {
    case game::Phase::Open:
      return refuseReserved("wrong_phase", "the game has not started");
    case game::Phase::Handicap:
    case game::Phase::Play:
      if (machine.settings().estimates) break;
      return refuseReserved(
          "estimate_off",
          "its players did not allow score estimates while the game is played; ask "
          "again once it has ended");
    case game::Phase::Removal:
    case game::Phase::Finished:
    case game::Phase::Cancelled:
      break;
  }
  go::Game position = machine.game();
  const int64_t played = static_cast<int64_t>(position.moves().size());
  const int64_t at = asked.moveNumber.value_or(played);
  if (at > played) {
    return refuseReserved("bad_request", "moveNumber " + std::to_string(at) +
                                             " is past the game's " + std::to_string(played) +
                                             " moves");
  }
  // Back to move `at`: undo replays from the start, so this costs moves² board steps at most,
  // well under the estimate itself.
  while (static_cast<int64_t>(position.moves().size()) > at) position.undo();
  estimator.estimate(
      asked.userId, std::move(position), static_cast<uint64_t>(asked.gameId) * 1000 + at,
      [gameId = asked.gameId, at, send = asked.send, id = asked.id](json::object estimate) {
        json::object reply{{"type", "score_estimate"}, {"gameId", gameId}, {"moveNumber", at}};
        for (auto& field : estimate) reply[field.key()] = std::move(field.value());
        send(replyMessage(reply, id));
      });
}

HandlerResult handle(SiteContext& context, ScoreEstimator& estimator, SessionContext& session,
                     const json::object& message) {
  if (!session.user) return std::unexpected(handlerError("not_logged_in", "log in first"));
  auto gameId = readGameId(message);
  if (!gameId) return std::unexpected(gameId.error());
  auto moveNumber = readInt(message, "moveNumber", 0, 100'000);
  if (!moveNumber) return std::unexpected(moveNumber.error());
  // The user's place first, on the session's strand: a user asking again while an estimate
  // is underway is refused before the game is read and replayed on the blocking pool.
  switch (estimator.reserve(session.user->id)) {
    case ScoreEstimator::Queued::Yes:
      break;
    case ScoreEstimator::Queued::UserBusy:
      return std::unexpected(handlerError(
          "busy", "your last estimate is still being made; ask again when it arrives"));
    case ScoreEstimator::Queued::Full:
      return std::unexpected(handlerError(
          "busy", "the server is estimating other positions; ask again in a few seconds"));
  }
  Asked asked{session.user->id, *gameId, std::nullopt, session.send, message.at("id")};
  if (moveNumber->present) asked.moveNumber = moveNumber->value;
  boost::asio::post(context.blocking, [&context, &estimator, asked = std::move(asked)]() mutable {
    ask(context, estimator, std::move(asked));
  });
  return std::nullopt;
}

}  // namespace

void addEstimateHandlers(server::MessageHandlers& handlers, SiteContext& context,
                         ScoreEstimator& estimator) {
  handlers.add("score_estimate",
               rateLimited([&context, &estimator](SessionContext& session, const json::object& m) {
                 return handle(context, estimator, session, m);
               }));
}

}  // namespace tengen::site
