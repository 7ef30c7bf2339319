#include "site/bots/bot_thread_pool.h"

#include <algorithm>

#include "base/contained.h"

namespace tengen::site {

BotThreadPool::BotThreadPool(int threads) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this] { run(); });
}

BotThreadPool::~BotThreadPool() { stop(); }

void BotThreadPool::submit(std::shared_ptr<bot::Bot> bot, std::function<void()> work) {
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
    queue_.push_back(Job{std::move(bot), std::move(work)});
  }
  ready_.notify_one();
}

void BotThreadPool::cancel(const bot::Bot* bot) {
  std::lock_guard lock(mutex_);
  std::erase_if(queue_, [bot](const Job& job) { return job.bot.get() == bot; });
  for (const auto& running : running_) {
    if (running.get() == bot) running->stop();
  }
}

void BotThreadPool::stop() {
  {
    std::lock_guard lock(mutex_);
    if (stopping_ && threads_.empty()) return;
    stopping_ = true;
    queue_.clear();
    for (const auto& running : running_) running->stop();
  }
  ready_.notify_all();
  for (std::thread& thread : threads_) {
    if (thread.joinable()) thread.join();
  }
  std::lock_guard lock(mutex_);
  threads_.clear();
}

int BotThreadPool::queued() const {
  std::lock_guard lock(mutex_);
  return static_cast<int>(queue_.size());
}

void BotThreadPool::run() {
  while (true) {
    Job job;
    {
      std::unique_lock lock(mutex_);
      ready_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;
      job = std::move(queue_.front());
      queue_.pop_front();
      running_.push_back(job.bot);
    }
    runContained("bot_pool", job.work);
    std::lock_guard lock(mutex_);
    running_.erase(std::find(running_.begin(), running_.end(), job.bot));
  }
}

}  // namespace tengen::site
