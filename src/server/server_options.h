#pragma once

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <span>
#include <string>
#include <vector>

#include "server/embedded_files.h"

namespace boost::asio {
class io_context;
}

namespace tengen::server {

struct ServerOptions {
  std::string address = "127.0.0.1";
  std::uint16_t port = 8080;  // 0: let the kernel pick a free port, read it with Server::port()
  // The web client under `/`: the files in webRoot when it is set (development: edits show
  // without a rebuild), else the table webFiles (the one built into tengen: web_files.h).
  std::filesystem::path webRoot;
  std::span<const EmbeddedFile> webFiles;
  // Origins allowed to open a WebSocket ("https://go.example.org", or "*"); empty: only pages
  // served under the request's own Host.
  std::vector<std::string> allowedOrigins;
  // Host names the server answers to besides localhost and IP addresses ("go.example.org",
  // or "*" for any): any other Host is refused with 421 (host_policy.h, DNS rebinding).
  std::vector<std::string> allowedHosts;
  std::size_t maxMessageBytes = 64 * 1024;  // per WebSocket message
  int threads = 2;
  // When set, the sessions run on this io_context, run by its owner's threads (the site's:
  // tengen serve), and `threads` is not used. A message and the game room it goes to then
  // share the threads, so handing the one to the other wakes no other thread. It must outlive
  // the server and keep running until stop() has returned.
  boost::asio::io_context* sharedContext = nullptr;

  std::size_t maxHeaderBytes = 8 * 1024;                 // HTTP request line plus headers
  std::size_t maxBodyBytes = 1024 * 1024;                // HTTP request body
  std::chrono::milliseconds httpReadTimeout{30'000};     // per request, and per response write
  std::chrono::milliseconds wsHandshakeTimeout{10'000};  // upgrade and close handshakes
  // A silent client is pinged after half of this and dropped after all of it.
  std::chrono::milliseconds wsIdleTimeout{60'000};
  // A session whose write queue holds this many messages, or this many bytes, is too slow to
  // follow and is closed: bytes bound the memory a client that never reads can pin (a few
  // game states of a long 25x25 game are already a megabyte).
  std::size_t maxQueuedMessages = 1024;
  std::size_t maxQueuedBytes = 4 * 1024 * 1024;
  // WebSockets open at once per client IP address (loopback too); the next upgrade gets 429
  // too_many_sockets. 0: no limit.
  std::size_t maxSocketsPerAddress = 64;
  // Peers (IP addresses) whose X-Forwarded-For names the client: the load balancer in front of
  // the nodes. The per-address limits then count each client, not the balancer.
  std::vector<std::string> trustedProxies;
  // stop() waits this long for sessions to finish their close handshakes.
  std::chrono::milliseconds stopGracePeriod{3'000};
};

}  // namespace tengen::server
