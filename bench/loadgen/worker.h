#pragma once

// A loadgen thread: its own io_context, players and statistics, so the hot path shares nothing
// with other threads. The main thread only exchanges the few flags in Timeline with it.

#include <boost/asio/awaitable.hpp>
#include <boost/asio/io_context.hpp>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <thread>
#include <vector>

#include "player.h"
#include "player_setup.h"
#include "run_stats.h"

namespace tengen::loadgen {

// Written by the main thread before it sets the flag that publishes it.
struct Timeline {
  std::atomic<int> threadsReady{0};  // workers done connecting
  std::atomic<bool> started{false};  // `window` is set
  std::atomic<bool> stop{false};     // idle scenario: end of the hold
  Window window;
};

struct Worker {
  boost::asio::io_context ioc{1};
  RunStats stats;
  std::vector<PlayerSpec> specs;
  std::vector<std::unique_ptr<Player>> players;  // nullptr where connecting failed
  int stillOpen = 0;  // idle scenario: counted by the worker before it closes its sockets
  std::thread thread;
};

// Counts a worker as arrived exactly once: on arrive(), or when its coroutine ends, even by an
// exception, so the main thread never waits for a worker that died.
class ArrivalGuard {
 public:
  explicit ArrivalGuard(std::atomic<int>& count) : count_(count) {}
  ~ArrivalGuard() { arrive(); }
  void arrive() {
    if (!arrived_) count_.fetch_add(1, std::memory_order_release);
    arrived_ = true;
  }

 private:
  std::atomic<int>& count_;
  bool arrived_ = false;
};

// Sleeps in short steps until `flag` is true.
boost::asio::awaitable<void> waitForFlag(const std::atomic<bool>& flag);
// Sleeps for `duration` on the current coroutine's executor.
boost::asio::awaitable<void> sleepFor(std::chrono::steady_clock::duration duration);

// Waits on the calling thread until `count` reaches `target`.
void waitForCount(const std::atomic<int>& count, int target);

// Runs `body` on the worker's own thread, then stops its io_context once `body` finished
// (handshakes of closing sockets get a short grace period).
void startWorker(Worker& worker, std::function<boost::asio::awaitable<void>()> body);

// Splits `specs` round-robin by pairs (`groupSize` consecutive specs stay on one worker).
void distribute(std::vector<Worker>& workers, const std::vector<PlayerSpec>& specs, int groupSize);

}  // namespace tengen::loadgen
