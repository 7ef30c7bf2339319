#pragma once

// One client WebSocket to the server's /ws, run by the io_context of its executor (one thread):
// a read loop hands every text message to a handler with the time it arrived, and a write queue
// keeps at most one write in flight. Beast stays in the .cpp so the game logic compiles fast.
// Not thread-safe: call everything from the executor's thread.

#include <boost/asio/any_io_executor.hpp>
#include <boost/asio/awaitable.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.h"
#include "options.h"

namespace tengen::loadgen {

class WsConnection : public std::enable_shared_from_this<WsConnection> {
 public:
  using Clock = std::chrono::steady_clock;
  // Called for each text message; `text` is valid only during the call.
  using MessageHandler = std::function<void(std::string_view text, Clock::time_point receivedAt)>;
  // Called once when the socket ends without close() being called first.
  using LostHandler = std::function<void(const std::string& why)>;

  static std::shared_ptr<WsConnection> create(boost::asio::any_io_executor executor);
  ~WsConnection();

  // TCP connect and upgrade of GET /ws, sending `cookie` (empty: none) as the Cookie header and
  // no Origin (a bot). Fails with the reason, including a refused upgrade's status.
  boost::asio::awaitable<Result<void>> connect(const Endpoint& endpoint, const std::string& cookie);

  // Starts the read loop. Pings from the server are answered while it runs.
  void startReading(MessageHandler onMessage, LostHandler onLost);
  // Queues a text message.
  void send(std::string text);
  // Sends a normal close (1000) after the queued messages; the read loop then ends quietly.
  void close();
  bool isOpen() const;
  boost::asio::any_io_executor executor() const;

 private:
  explicit WsConnection(boost::asio::any_io_executor executor);
  void writeNext();
  boost::asio::awaitable<void> readLoop();
  void lost(const std::string& why);

  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tengen::loadgen
