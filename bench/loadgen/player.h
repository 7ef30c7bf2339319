#pragma once

// One simulated player: a WebSocket with a guest session, at most one request awaiting its
// reply, and the latest state of the one game it follows. The game driver awaits the reply and
// the versions it needs; everything runs on the connection's thread.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/object.hpp>

#include <array>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>

#include "base/result.h"
#include "game_view.h"
#include "run_stats.h"
#include "ws_connection.h"

namespace tengen::loadgen {

// Why an awaited reply or event did not come as expected. `code` is the server's error code
// (`illegal_move`, …) or one of the loadgen's: `timeout`, `connection_lost`, `unexpected_reply`,
// `bad_state`.
struct Failure {
  std::string code;
  std::string detail;
  bool fatal = false;  // the connection is unusable (timeout, lost)
};

template <typename T>
using Outcome = std::expected<T, Failure>;

struct Reply {
  boost::json::object message;
  Clock::time_point receivedAt;
};

class Player {
 public:
  Player(std::shared_ptr<WsConnection> connection, RunStats& stats);

  // Starts reading; call once.
  void start();
  void close() { connection_->close(); }

  // Sends `message` with a fresh numeric id and returns the id.
  std::int64_t send(boost::json::object message);
  // Sends a message whose reply is not awaited (an `error` reply is still counted).
  void sendUnawaited(boost::json::object message);
  // The reply to request `id`: a server `error` becomes a Failure with its code.
  boost::asio::awaitable<Outcome<Reply>> reply(std::int64_t id, Clock::time_point deadline);

  // Starts following `gameId` from a `game_state` reply to `watch`.
  Outcome<void> follow(const boost::json::object& gameState, int size);
  // Waits until this player has seen version `version` of the followed game.
  boost::asio::awaitable<Outcome<void>> seen(std::int64_t version, Clock::time_point deadline);
  // When the game_event with `version` arrived (nullopt: not among the last few).
  std::optional<Clock::time_point> arrivalOf(std::int64_t version) const;

  std::int64_t gameId() const { return gameId_; }
  std::int64_t version() const { return version_; }
  const GameView& view() const { return view_; }
  std::optional<Colour> colour() const { return colour_; }
  // True once the socket ended without close() (the server closed it or it broke).
  bool lost() const { return lostWhy_.has_value(); }

 private:
  void onMessage(std::string_view text, Clock::time_point receivedAt);
  void onGameEvent(const boost::json::object& message, Clock::time_point receivedAt);
  void onLost(const std::string& why);
  // Sleeps until woken by a message or `deadline`; false once the deadline has passed.
  boost::asio::awaitable<bool> waitUntil(Clock::time_point deadline);

  std::shared_ptr<WsConnection> connection_;
  RunStats& stats_;
  boost::asio::steady_timer wake_;
  std::int64_t nextId_ = 1;
  std::int64_t awaitedId_ = 0;
  std::optional<Reply> reply_;
  std::optional<std::string> lostWhy_;
  // The followed game.
  std::int64_t gameId_ = 0;
  int size_ = 19;
  std::int64_t version_ = 0;
  GameView view_;
  std::optional<Colour> colour_;
  std::array<std::pair<std::int64_t, Clock::time_point>, 8> arrivals_{};
  std::size_t nextArrival_ = 0;
};

}  // namespace tengen::loadgen
