#pragma once

// Opens the players' WebSockets with a bounded number of handshakes in flight and greets each
// with `hello`, checking that the server knows the socket's user when a session was given.

#include <boost/asio/awaitable.hpp>

#include <memory>
#include <string>
#include <vector>

#include "options.h"
#include "player.h"
#include "run_stats.h"

namespace tengen::loadgen {

struct PlayerSpec {
  Endpoint endpoint;   // the node this player connects to
  std::string cookie;  // "tengen_session=…", or empty for an anonymous socket
};

// Connects one player per spec; a failed connection leaves nullptr in its slot and an error in
// `stats`. `players` is resized to specs.size().
boost::asio::awaitable<void> connectPlayers(const std::vector<PlayerSpec>& specs, int inFlight,
                                            std::chrono::steady_clock::duration timeout,
                                            RunStats& stats,
                                            std::vector<std::unique_ptr<Player>>& players);

}  // namespace tengen::loadgen
