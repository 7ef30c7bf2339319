#include "player.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

namespace tengen::loadgen {

namespace net = boost::asio;
namespace json = boost::json;

namespace {

std::string stringField(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  return value && value->is_string() ? std::string(value->get_string()) : std::string();
}

std::optional<std::int64_t> intField(const json::object& object, std::string_view key) {
  const auto* value = object.if_contains(key);
  if (!value || !value->is_number()) return std::nullopt;
  boost::system::error_code ec;
  const auto number = value->to_number<std::int64_t>(ec);
  if (ec) return std::nullopt;
  return number;
}

}  // namespace

Player::Player(std::shared_ptr<WsConnection> connection, RunStats& stats)
    : connection_(std::move(connection)), stats_(stats), wake_(connection_->executor()) {}

void Player::start() {
  connection_->startReading(
      [this](std::string_view text, Clock::time_point at) { onMessage(text, at); },
      [this](const std::string& why) { onLost(why); });
}

std::int64_t Player::send(json::object message) {
  const auto id = nextId_++;
  message["id"] = id;
  awaitedId_ = id;
  reply_.reset();
  connection_->send(json::serialize(message));
  return id;
}

void Player::sendUnawaited(json::object message) {
  // Negative ids never collide with awaited ones.
  message["id"] = -(nextId_++);
  connection_->send(json::serialize(message));
}

net::awaitable<Outcome<Reply>> Player::reply(std::int64_t id, Clock::time_point deadline) {
  while (!reply_ && !lostWhy_) {
    const bool beforeDeadline = co_await waitUntil(deadline);
    if (!beforeDeadline) {
      co_return std::unexpected(
          Failure{"timeout", "no reply to request " + std::to_string(id), true});
    }
  }
  if (!reply_) co_return std::unexpected(Failure{"connection_lost", *lostWhy_, true});
  Reply reply = std::move(*reply_);
  reply_.reset();
  awaitedId_ = 0;
  if (stringField(reply.message, "type") == "error") {
    co_return std::unexpected(
        Failure{stringField(reply.message, "code"), json::serialize(reply.message), false});
  }
  co_return reply;
}

Outcome<void> Player::follow(const json::object& gameState, int size) {
  const auto gameId = intField(gameState, "gameId");
  const auto version = intField(gameState, "version");
  const auto* state = gameState.if_contains("state");
  if (!gameId || !version || !state) {
    return std::unexpected(Failure{
        "bad_state", "game_state without gameId, version or state: " + json::serialize(gameState)});
  }
  auto view = parseGameView(*state, size);
  if (!view) return std::unexpected(Failure{"bad_state", view.error().toString()});
  gameId_ = *gameId;
  size_ = size;
  version_ = *version;
  view_ = std::move(*view);
  colour_ = colourFromName(stringField(gameState, "you"));
  arrivals_.fill({});
  return {};
}

net::awaitable<Outcome<void>> Player::seen(std::int64_t version, Clock::time_point deadline) {
  while (version_ < version && !lostWhy_) {
    const bool beforeDeadline = co_await waitUntil(deadline);
    if (!beforeDeadline) {
      co_return std::unexpected(Failure{"timeout",
                                        "game " + std::to_string(gameId_) + ": version " +
                                            std::to_string(version) + " did not arrive (at " +
                                            std::to_string(version_) + ")",
                                        true});
    }
  }
  if (version_ < version) co_return std::unexpected(Failure{"connection_lost", *lostWhy_, true});
  co_return Outcome<void>{};
}

std::optional<Clock::time_point> Player::arrivalOf(std::int64_t version) const {
  for (const auto& [v, at] : arrivals_) {
    if (v == version) return at;
  }
  return std::nullopt;
}

void Player::onMessage(std::string_view text, Clock::time_point receivedAt) {
  boost::system::error_code ec;
  auto parsed = json::parse(text, ec);
  if (ec || !parsed.is_object()) {
    stats_.recordError("bad_server_message", std::string(text.substr(0, 200)));
    return;
  }
  auto& message = parsed.as_object();
  const auto type = stringField(message, "type");
  // A command's last game_event carries its id and is its reply (docs/protocol.md
  // "Commands"): an event first, then the reply awaited.
  if (type == "game_event") onGameEvent(message, receivedAt);
  const auto* id = message.if_contains("id");
  if (type == "game_event" && (!id || id->is_null())) return;
  if (!id || id->is_null()) {
    if (type == "error") stats_.recordError(stringField(message, "code"), std::string(text));
    // Other pushes (lobby, …) are not subscribed to and would be ignored.
    return;
  }
  const auto idNumber = intField(message, "id");
  if (idNumber && *idNumber == awaitedId_ && awaitedId_ != 0) {
    reply_ = Reply{std::move(message), receivedAt};
    wake_.cancel();
    return;
  }
  if (type == "error") {
    stats_.recordError(stringField(message, "code"), std::string(text));
  } else if (!idNumber || *idNumber > 0) {
    stats_.recordError("unexpected_reply", std::string(text.substr(0, 200)));
  }
}

void Player::onGameEvent(const json::object& message, Clock::time_point receivedAt) {
  const auto gameId = intField(message, "gameId");
  const auto version = intField(message, "version");
  if (!gameId || !version) {
    stats_.recordError("bad_event", "game_event without gameId or version");
    return;
  }
  if (*gameId != gameId_) return;  // a game this player left
  if (*version != version_ + 1) {
    stats_.recordError("version_gap", "game " + std::to_string(*gameId) + ": after version " +
                                          std::to_string(version_) + " came " +
                                          std::to_string(*version));
  }
  if (*version <= version_) return;
  const auto* state = message.if_contains("state");
  auto view = state ? parseGameView(*state, size_) : fail("missing", "state");
  if (!view) {
    stats_.recordError("bad_event", view.error().toString());
    return;
  }
  version_ = *version;
  view_ = std::move(*view);
  arrivals_[nextArrival_] = {version_, receivedAt};
  nextArrival_ = (nextArrival_ + 1) % arrivals_.size();
  wake_.cancel();
}

void Player::onLost(const std::string& why) {
  lostWhy_ = why;
  wake_.cancel();
}

net::awaitable<bool> Player::waitUntil(Clock::time_point deadline) {
  if (Clock::now() >= deadline) co_return false;
  wake_.expires_at(deadline);
  co_await wake_.async_wait(net::as_tuple(net::use_awaitable));
  co_return true;
}

}  // namespace tengen::loadgen
