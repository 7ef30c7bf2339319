#pragma once

#include <boost/asio/executor_work_guard.hpp>
#include <boost/asio/io_context.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <utility>

#include "base/result.h"
#include "bus/bus.h"
#include "bus/redis_connection.h"
#include "bus/subscribers.h"

namespace tengen::bus {

struct RedisBusOptions {
  // Publishes held while the connection is down; past it the oldest are dropped (and
  // counted): a node cut off for long must resynchronise from the store anyway.
  size_t maxQueued = 10000;
  std::chrono::milliseconds retryDelay{200};
};

// The Bus between nodes: Redis pub/sub (docs/scaling.md). Two hiredis connections, one that
// publishes and one in subscriber mode, run on the bus's own thread; a channel is SUBSCRIBEd
// while it has at least one local handler, and every node's handlers of a channel get each
// message published on it, the publisher's own included. After a lost connection it
// reconnects and subscribes again by itself.
class RedisBus final : public Bus {
 public:
  struct Stats {
    int64_t published = 0;  // handed to Redis
    int64_t delivered = 0;  // handler calls
    int64_t dropped = 0;    // publishes lost to a full queue while disconnected
    int64_t reconnects = 0;
  };

  // url: redis://HOST[:PORT] or unix:PATH. Connects in the background: a server that is not
  // up yet is not an error, but a malformed url is.
  static Result<std::unique_ptr<RedisBus>> open(const std::string& url,
                                                RedisBusOptions options = {});
  ~RedisBus() override;

  void publish(std::string channel, std::string message) override;
  std::unique_ptr<Subscription> subscribe(std::string channel, Handler handler) override;
  void setResubscribed(std::function<void()> handler) override;

  // Until both connections are up and Redis has confirmed every subscription made so far:
  // a node starts serving after this, and tests wait for it. False on timeout.
  bool waitReady(std::chrono::milliseconds timeout);
  Stats stats() const;

 private:
  RedisBus(RedisEndpoint endpoint, RedisBusOptions options);
  void flush();
  void sendSubscribe(const std::string& channel);
  void sendUnsubscribe(const std::string& channel);
  static void onSubscriberReply(struct redisAsyncContext* context, void* reply, void* self);
  // After a lost subscriber connection: once Redis has confirmed every channel again, the
  // resubscribed handler runs.
  void resubscribedIfDue();

  RedisBusOptions options_;
  std::shared_ptr<Subscribers> subscribers_ = std::make_shared<Subscribers>();
  boost::asio::io_context io_;
  boost::asio::executor_work_guard<boost::asio::io_context::executor_type> work_;
  // On the bus thread only:
  std::unique_ptr<RedisConnection> publisher_;
  std::unique_ptr<RedisConnection> subscriber_;
  std::deque<std::pair<std::string, std::string>> queue_;
  std::set<std::string> confirmed_;  // channels Redis has confirmed on this connection
  bool resyncOwed_ = false;          // the subscriber lost a connection since the last resync
  // Any thread sets it; the bus thread calls it under the mutex, so that clearing it waits.
  std::mutex resubscribedMutex_;
  std::function<void()> resubscribed_;
  // Read from any thread:
  std::atomic<int64_t> published_{0};
  std::atomic<int64_t> delivered_{0};
  std::atomic<int64_t> dropped_{0};
  std::atomic<int64_t> reconnects_{0};
  std::atomic<int> pendingSubscribes_{0};
  std::thread thread_;  // last: starts after everything it uses exists
};

}  // namespace tengen::bus
