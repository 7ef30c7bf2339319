#pragma once

// The tengen HTTP + WebSocket server. Owns the listening socket, an io_context run by
// `options.threads` threads, and every session. Beast stays behind the pimpl: including this
// header costs nothing.
//
//   Server server(options);
//   server.router().add(HttpMethod::Get, "/api/games", handler);   // before start()
//   server.messageHandlers().add("move", handler);                  // before start()
//   if (auto started = server.start(); !started) { ... }
//   server.port();  // the bound port, also when options.port was 0
//   server.stop();  // closes sessions (WebSocket close 1001), joins the threads

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>

#include "base/result.h"
#include "server/login_sockets.h"
#include "server/message_handlers.h"
#include "server/router.h"
#include "server/server_options.h"

namespace tengen::server {

class Server {
 public:
  explicit Server(ServerOptions options);
  ~Server();  // stop()
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  // Built-in routes: GET /healthz, GET /ws (WebSocket upgrade), static files under `/`.
  Router& router();
  // Built-in messages: ping, hello.
  MessageHandlers& messageHandlers();
  const ServerOptions& options() const;
  // The WebSockets of each login session: LoginSockets::closeAll ends them (on logout). Shared,
  // so a holder may outlive the server (closing then finds nothing).
  std::shared_ptr<LoginSockets> loginSockets();

  // Binds and listens, then starts the threads. Fails if the address cannot be bound.
  Result<void> start();
  std::uint16_t port() const;
  // Graceful: stops accepting, closes every session, waits up to options.stopGracePeriod for
  // close handshakes, then stops the threads and joins them. Idempotent. Call it from outside
  // the server's threads (never from a route or message handler: it joins them).
  void stop();

  // Runs `work` on one of the server's threads, after start() (tests reach the threads so).
  void post(std::function<void()> work);

  // Open HTTP and WebSocket sessions right now (for tests and metrics).
  std::size_t sessionCount() const;

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tengen::server
