#include "game_pair.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

#include <algorithm>

#include "messages.h"

namespace tengen::loadgen {

namespace net = boost::asio;
namespace json = boost::json;

namespace {

// A pair whose games keep failing for a reason that is not the connection stops after this
// many in a row instead of hammering the server with doomed tables.
constexpr int kMaxFailedGamesInARow = 3;

std::string typeOf(const Reply& reply) {
  const auto* type = reply.message.if_contains("type");
  return type && type->is_string() ? std::string(type->get_string()) : std::string();
}

// An accepted command: `ok`, or its last game_event when the sender watches the game.
bool accepted(const Reply& reply) {
  const std::string type = typeOf(reply);
  return type == "ok" || type == "game_event";
}

Failure unexpected(const Reply& reply, std::string_view wanted) {
  return Failure{"unexpected_reply",
                 "wanted " + std::string(wanted) + ", got " + json::serialize(reply.message)};
}

}  // namespace

GamePair::GamePair(net::any_io_executor executor, Player& creator, Player& joiner,
                   const PairSettings& settings, RunStats& stats, std::uint64_t seed)
    : creator_(creator),
      joiner_(joiner),
      settings_(settings),
      stats_(stats),
      random_(seed),
      timer_(std::move(executor)) {}

net::awaitable<void> GamePair::run() {
  // Spread the games' first moves over one interval so they do not all fire together.
  const auto offset = std::uniform_int_distribution<Clock::rep>(
      0, std::max<Clock::rep>(1, settings_.interval.count()) - 1)(random_);
  nextMoveAt_ = Clock::now() + Clock::duration(offset);
  int failedInARow = 0;
  while (Clock::now() < settings_.window.end) {
    auto played = co_await playGame();
    if (played) {
      failedInARow = 0;
      continue;
    }
    stats_.recordError(played.error().code, played.error().detail);
    if (played.error().fatal || ++failedInARow >= kMaxFailedGamesInARow) {
      ++stats_.pairsAborted;
      break;
    }
  }
  creator_.close();
  joiner_.close();
}

net::awaitable<Outcome<std::int64_t>> GamePair::openTable() {
  const auto created =
      co_await creator_.reply(creator_.send(messages::createTable(settings_.size)), deadline());
  if (!created) co_return std::unexpected(created.error());
  if (typeOf(*created) != "table_created")
    co_return std::unexpected(unexpected(*created, "table_created"));
  const auto* id = created->message.if_contains("game");
  id = id && id->is_object() ? id->as_object().if_contains("id") : nullptr;
  if (!id || !id->is_int64()) co_return std::unexpected(unexpected(*created, "game.id"));
  const auto gameId = id->get_int64();

  const auto joined = co_await joiner_.reply(joiner_.send(messages::joinTable(gameId)), deadline());
  if (!joined) co_return std::unexpected(joined.error());
  if (typeOf(*joined) != "joined") co_return std::unexpected(unexpected(*joined, "joined"));

  // Both watch before the first move, so every move's event reaches the opponent as a push.
  const auto creatorWatch = creator_.send(messages::watch(gameId));
  const auto joinerWatch = joiner_.send(messages::watch(gameId));
  const std::array players{&creator_, &joiner_};
  const std::array watchIds{creatorWatch, joinerWatch};
  for (std::size_t i = 0; i < players.size(); ++i) {
    const auto state = co_await players[i]->reply(watchIds[i], deadline());
    if (!state) co_return std::unexpected(state.error());
    if (typeOf(*state) != "game_state") co_return std::unexpected(unexpected(*state, "game_state"));
    if (auto followed = players[i]->follow(state->message, settings_.size); !followed) {
      co_return std::unexpected(followed.error());
    }
  }
  if (creator_.version() != joiner_.version() || !creator_.colour() || !joiner_.colour() ||
      creator_.colour() == joiner_.colour()) {
    co_return std::unexpected(Failure{
        "bad_state", "after join the players disagree on the version or their colours (game " +
                         std::to_string(gameId) + ")"});
  }
  co_return gameId;
}

net::awaitable<Outcome<void>> GamePair::playGame() {
  const auto gameId = co_await openTable();
  if (!gameId) co_return std::unexpected(gameId.error());
  ++stats_.gamesStarted;
  Outcome<void> outcome;
  while (outcome) {
    // Both players have seen the same version here (playMove waits for both).
    const GameView& view = creator_.view();
    if (view.phase != "play") {
      ++stats_.gamesFinished;  // ended by two passes
      break;
    }
    Player& mover = view.toMove == creator_.colour() ? creator_ : joiner_;
    Player& opponent = &mover == &creator_ ? joiner_ : creator_;
    co_await pace();
    if (Clock::now() >= settings_.window.end) break;
    if (view.moveNumber >= settings_.movesPerGame) {
      outcome = co_await resign(mover, opponent);
      if (outcome) ++stats_.gamesFinished;
      break;
    }
    outcome = co_await playMove(mover, opponent);
  }
  creator_.sendUnawaited(messages::unwatch(*gameId));
  joiner_.sendUnawaited(messages::unwatch(*gameId));
  co_return outcome;
}

net::awaitable<Outcome<void>> GamePair::playMove(Player& mover, Player& opponent) {
  json::object command;
  if (const auto index = randomLegalIndex(mover.view().legal, random_)) {
    command = messages::move(mover.gameId(), mover.version(), pointName(*index, settings_.size));
  } else {
    command = messages::pass(mover.gameId(), mover.version());
    ++stats_.passes;
  }
  const auto expected = mover.version() + 1;
  const auto sentAt = Clock::now();
  const auto id = mover.send(std::move(command));
  ++stats_.movesSent;

  // The reply and the opponent's event travel independently; each keeps its own arrival time.
  const auto ack = co_await mover.reply(id, deadline());
  if (!ack) co_return std::unexpected(ack.error());
  if (!accepted(*ack)) co_return std::unexpected(unexpected(*ack, "ok"));
  const auto* version = ack->message.if_contains("version");
  if (!version || !version->is_int64() || version->get_int64() < expected) {
    co_return std::unexpected(unexpected(*ack, "ok with version " + std::to_string(expected)));
  }
  ++stats_.movesAcked;
  if (settings_.window.contains(ack->receivedAt)) ++stats_.movesAckedInWindow;

  // A pass that ends the game adds an `end` event: wait for the version the ok names.
  const auto seen = co_await seenByBoth(opponent, mover, version->get_int64());
  if (!seen) co_return seen;
  if (settings_.window.contains(sentAt)) {
    const bool byJoiner = &mover == &joiner_;
    const auto toAck = ack->receivedAt - sentAt;
    stats_.moveToAck.record(toAck);
    (byJoiner ? stats_.joinerMoveToAck : stats_.creatorMoveToAck).record(toAck);
    if (const auto arrived = opponent.arrivalOf(expected)) {
      stats_.moveToOpponent.record(*arrived - sentAt);
      (byJoiner ? stats_.joinerMoveToOpponent : stats_.creatorMoveToOpponent)
          .record(*arrived - sentAt);
    }
  }
  co_return Outcome<void>{};
}

net::awaitable<Outcome<void>> GamePair::resign(Player& mover, Player& opponent) {
  const auto id = mover.send(messages::resign(mover.gameId(), mover.version()));
  const auto ack = co_await mover.reply(id, deadline());
  if (!ack) co_return std::unexpected(ack.error());
  if (!accepted(*ack)) co_return std::unexpected(unexpected(*ack, "ok"));
  const auto* version = ack->message.if_contains("version");
  if (!version || !version->is_int64()) co_return std::unexpected(unexpected(*ack, "version"));
  // resign and end are separate events; wait for the ok's version, and for the end if the ok
  // named the resign alone, so neither player's view lags behind the finished game.
  const auto last = version->get_int64();
  const auto seen = co_await seenByBoth(opponent, mover, last);
  if (!seen) co_return seen;
  if (opponent.view().phase != "finished" || mover.view().phase != "finished") {
    const auto seenEnd = co_await seenByBoth(opponent, mover, last + 1);
    if (!seenEnd) co_return seenEnd;
  }
  if (opponent.view().phase != "finished" || mover.view().phase != "finished") {
    co_return std::unexpected(
        Failure{"bad_state", "after resigning the phase is " + opponent.view().phase});
  }
  co_return Outcome<void>{};
}

net::awaitable<Outcome<void>> GamePair::seenByBoth(Player& first, Player& second,
                                                   std::int64_t version) {
  const auto firstSeen = co_await first.seen(version, deadline());
  if (!firstSeen) co_return firstSeen;
  const auto secondSeen = co_await second.seen(version, deadline());
  co_return secondSeen;
}

net::awaitable<void> GamePair::pace() {
  const auto now = Clock::now();
  if (nextMoveAt_ > now) {
    timer_.expires_at(nextMoveAt_);
    co_await timer_.async_wait(net::as_tuple(net::use_awaitable));
  }
  // Keep to the schedule, but after a stall catch up by at most one move rather than bursting.
  nextMoveAt_ = std::max(nextMoveAt_ + settings_.interval, Clock::now() - settings_.interval);
}

}  // namespace tengen::loadgen
