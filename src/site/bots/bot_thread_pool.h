#pragma once

// The threads that run the built-in bot's searches (tengen serve --bot-threads). A search is
// CPU-bound and blocks for up to seconds, so it never runs on an I/O thread, a room strand or
// the store pool: at most `threads` searches run at once and the rest wait in arrival order.
// Thread-safe.

#include <condition_variable>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

#include "bot/bot.h"

namespace tengen::site {

class BotThreadPool {
 public:
  explicit BotThreadPool(int threads);
  ~BotThreadPool();  // stop()
  BotThreadPool(const BotThreadPool&) = delete;
  BotThreadPool& operator=(const BotThreadPool&) = delete;

  // Queues `work` (a search with `bot`); it runs on a pool thread after the earlier jobs.
  // Dropped silently once the pool stopped.
  void submit(std::shared_ptr<bot::Bot> bot, std::function<void()> work);
  // Drops the queued jobs of `bot` and stops its running search (which then returns early).
  void cancel(const bot::Bot* bot);
  // Stops the running searches, drops the queued ones and joins the threads. Idempotent.
  void stop();

  int queued() const;

 private:
  struct Job {
    std::shared_ptr<bot::Bot> bot;
    std::function<void()> work;
  };
  void run();

  mutable std::mutex mutex_;
  std::condition_variable ready_;
  std::deque<Job> queue_;
  std::vector<std::shared_ptr<bot::Bot>> running_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace tengen::site
