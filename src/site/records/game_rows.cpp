#include "site/records/game_rows.h"

#include <boost/asio/post.hpp>

#include <optional>
#include <string>
#include <utility>

#include "base/log.h"
#include "site/ratings/game_rating.h"

namespace tengen::site {

namespace asio = boost::asio;

namespace {

// Whether the account is a guest; an unknown or unreadable account counts as one, so that a
// doubt leaves a game unrated rather than rated wrongly.
bool isGuest(store::Store& store, int64_t userId) {
  auto user = store.findUserById(userId);
  return !user || !*user || (*user)->guest;
}

bool isLive(game::Phase phase) {
  return phase == game::Phase::Handicap || phase == game::Phase::Play ||
         phase == game::Phase::Removal;
}

template <std::size_t... I>
std::array<asio::strand<asio::thread_pool::executor_type>, sizeof...(I)> strandsOf(
    asio::thread_pool& pool, std::index_sequence<I...>) {
  return {((void)I, asio::make_strand(pool.get_executor()))...};
}

}  // namespace

game::GameStatus statusOf(game::Phase phase) {
  switch (phase) {
    case game::Phase::Open:
      return game::GameStatus::Open;
    case game::Phase::Handicap:
    case game::Phase::Play:
    case game::Phase::Removal:
      return game::GameStatus::Playing;
    case game::Phase::Finished:
      return game::GameStatus::Finished;
    case game::Phase::Cancelled:
      return game::GameStatus::Cancelled;
  }
  return game::GameStatus::Open;
}

GameRows::GameRows(SiteContext& context)
    : context_(context), writes_(strandsOf(context.blocking, std::make_index_sequence<16>())) {}

void GameRows::changed(const RoomChange& change) {
  if (!change.owning) return;
  const game::Phase now = change.machine.phase();
  const int64_t gameId = change.gameId;
  switch (change.event) {
    case RoomEvent::Committed:
      if (now != change.before) write(gameId, change.machine, change.before, now);
      return;
    case RoomEvent::Loaded:
    case RoomEvent::TookOver:
      // Whoever wrote the log last may have stopped before the row's update: bring it up.
      if (change.storedStatus != statusOf(now))
        write(gameId, change.machine, game::Phase::Open, now);
      return;
    case RoomEvent::Followed:
    case RoomEvent::Reloaded:
      return;  // the node that wrote those events writes the row
  }
}

void GameRows::write(int64_t gameId, const game::GameMachine& machine, game::Phase before,
                     game::Phase after) {
  const auto black = machine.black();
  const auto white = machine.white();
  const int64_t blackId = black ? black->id : 0;
  const int64_t whiteId = white ? white->id : 0;
  std::optional<game::GameResult> result = machine.settings().result;
  std::optional<store::RatedGame> rated;
  if (after == game::Phase::Finished) rated = ratedGameOf(machine, {});
  auto& strand = writes_[static_cast<uint64_t>(gameId) % writes_.size()];
  asio::post(strand, [&store = context_.store, gameId, before, after, blackId, whiteId,
                      result = std::move(result), rated = std::move(rated)]() mutable {
    Result<void> written;
    if (before == game::Phase::Open && after != game::Phase::Open &&
        after != game::Phase::Cancelled) {
      written = store.updateGameSeats(gameId, blackId, whiteId);
      if (written && isLive(after))
        written = store.updateGameStatus(gameId, game::GameStatus::Playing);
    }
    if (written && (after == game::Phase::Finished || after == game::Phase::Cancelled)) {
      // Guests are never rated; the seats' accounts say who is one.
      if (rated && (isGuest(store, blackId) || isGuest(store, whiteId))) rated.reset();
      auto ended = store.finishGame(gameId, statusOf(after), result, rated);
      if (!ended) written = std::unexpected(ended.error());
    }
    if (!written) {
      log::error("game_row_write_failed",
                 {{"game", gameId}, {"error", written.error().toString()}});
    }
  });
}

}  // namespace tengen::site
