#include "player_setup.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>
#include <boost/json.hpp>

#include <algorithm>

#include "messages.h"

namespace tengen::loadgen {

namespace net = boost::asio;
namespace json = boost::json;

namespace {

net::awaitable<std::unique_ptr<Player>> connectOne(const PlayerSpec& spec, Clock::duration timeout,
                                                   RunStats& stats) {
  auto connection = WsConnection::create(co_await net::this_coro::executor);
  const auto connected = co_await connection->connect(spec.endpoint, spec.cookie);
  if (!connected) {
    stats.recordError("connect_failed", connected.error().toString());
    co_return nullptr;
  }
  auto player = std::make_unique<Player>(std::move(connection), stats);
  player->start();
  const auto welcome =
      co_await player->reply(player->send(messages::hello()), Clock::now() + timeout);
  if (!welcome) {
    stats.recordError(welcome.error().code, "hello: " + welcome.error().detail);
    player->close();
    co_return nullptr;
  }
  const auto* type = welcome->message.if_contains("type");
  const auto* user = welcome->message.if_contains("user");
  const bool loggedIn = user && user->is_object();
  if (!type || !type->is_string() || type->get_string() != "welcome" ||
      loggedIn != !spec.cookie.empty()) {
    stats.recordError("bad_welcome", json::serialize(welcome->message) +
                                         (spec.cookie.empty() ? " (anonymous socket)"
                                                              : " (socket with a session cookie)"));
    player->close();
    co_return nullptr;
  }
  co_return player;
}

}  // namespace

net::awaitable<void> connectPlayers(const std::vector<PlayerSpec>& specs, int inFlight,
                                    Clock::duration timeout, RunStats& stats,
                                    std::vector<std::unique_ptr<Player>>& players) {
  auto executor = co_await net::this_coro::executor;
  players.clear();
  players.resize(specs.size());
  std::size_t next = 0;
  int running = std::max(1, std::min<int>(inFlight, static_cast<int>(specs.size())));
  net::steady_timer allDone(executor, Clock::time_point::max());
  // `running` workers each take the next unconnected player until none is left.
  for (int worker = 0, workers = running; worker < workers; ++worker) {
    net::co_spawn(
        executor,
        [&]() -> net::awaitable<void> {
          while (next < specs.size()) {
            const auto index = next++;
            players[index] = co_await connectOne(specs[index], timeout, stats);
          }
          if (--running == 0) allDone.cancel();
        },
        net::detached);
  }
  while (running > 0) co_await allDone.async_wait(net::as_tuple(net::use_awaitable));
}

}  // namespace tengen::loadgen
