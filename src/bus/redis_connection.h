#pragma once

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <chrono>
#include <functional>
#include <memory>
#include <string>

struct redisAsyncContext;

namespace tengen::bus {

// Where a Redis server listens: host and port, or a Unix socket path.
struct RedisEndpoint {
  std::string host = "127.0.0.1";
  int port = 6379;
  std::string unixSocket;  // used instead of host and port when not empty
};

// One hiredis asynchronous connection driven by an Asio io_context: hiredis says when it wants
// to read or write the socket, Asio waits for it and hands the socket back to hiredis. It
// connects in the background and reconnects after any loss, waiting retryDelay between
// attempts. Every member, and every callback, runs on the io_context's one thread.
class RedisConnection {
 public:
  RedisConnection(boost::asio::io_context& io, RedisEndpoint endpoint,
                  std::chrono::milliseconds retryDelay, std::function<void()> onConnected,
                  std::function<void(const std::string& why)> onLost);
  // Disconnects; no callback runs afterwards.
  ~RedisConnection();
  RedisConnection(const RedisConnection&) = delete;
  RedisConnection& operator=(const RedisConnection&) = delete;

  void start();
  // The live context, for redisAsyncCommand*; null while not connected.
  redisAsyncContext* context() const { return connected_ ? context_ : nullptr; }
  bool connected() const { return connected_; }

 private:
  struct Watch;
  static void onConnect(const redisAsyncContext* context, int status);
  static void onDisconnect(const redisAsyncContext* context, int status);
  void attempt();
  void retryLater(const std::string& why);

  boost::asio::io_context& io_;
  RedisEndpoint endpoint_;
  std::chrono::milliseconds retryDelay_;
  std::function<void()> onConnected_;
  std::function<void(const std::string&)> onLost_;
  boost::asio::steady_timer retry_;
  redisAsyncContext* context_ = nullptr;
  bool connected_ = false;
  bool stopping_ = false;
  std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);  // reset when this object goes
};

}  // namespace tengen::bus
