#pragma once

// What a test does as a client of a whole `tengen serve` process (serve_process.h): sign in
// as a guest, open a socket with the session's cookie, and send a request and wait for its
// reply among the pushes.

#include <boost/json/object.hpp>

#include <chrono>
#include <cstdint>
#include <memory>
#include <string>

#include "support/test_client.h"

namespace tengen::server::test {

// "ok" when `reply` accepts a command, in either form the server answers with: `ok`, or the
// command's last game_event carrying its id when the sender watches the game
// (docs/protocol.md "Commands"); else the reply's type ("error", "timeout", ...).
inline std::string verdict(const boost::json::object& reply) {
  const boost::json::value* type = reply.if_contains("type");
  if (!type || !type->is_string()) return "";
  if (*type == "game_event" && reply.contains("id")) return "ok";
  return std::string(type->get_string());
}

// A new guest's session cookie ("tengen_session=..."), from POST /api/guest.
std::string guestCookie(std::uint16_t port);
std::unique_ptr<WsClient> connectWithCookie(std::uint16_t port, const std::string& cookie);
// Sends `message` with id `id` and returns the reply carrying that id; pushes that arrive
// meanwhile go to `pushes` when given, else are skipped. {"type":"timeout"} after `timeout`.
boost::json::object request(WsClient& socket, boost::json::object message, int64_t id,
                            std::chrono::milliseconds timeout = std::chrono::seconds(5),
                            std::vector<boost::json::object>* pushes = nullptr);

}  // namespace tengen::server::test
