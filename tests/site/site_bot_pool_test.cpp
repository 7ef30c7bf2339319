// The bot threads (site/bots/bot_thread_pool.h): searches queue in arrival order and no more than
// the pool's threads run at once.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <vector>

#include "site/bots/bot_thread_pool.h"

namespace tengen::site::test {
namespace {

using namespace std::chrono_literals;

// Jobs that wait until released, recording the order they ran in and how many ran at once.
struct Gate {
  std::mutex mutex;
  std::condition_variable changed;
  int released = 0;
  int running = 0;
  int mostAtOnce = 0;
  std::vector<int> order;

  void job(int id) {
    std::unique_lock lock(mutex);
    order.push_back(id);
    mostAtOnce = std::max(mostAtOnce, ++running);
    changed.notify_all();
    changed.wait(lock, [&] { return released > 0; });
    --released;
    --running;
    changed.notify_all();
  }
  void release(int n) {
    std::lock_guard lock(mutex);
    released += n;
    changed.notify_all();
  }
  void waitStarted(std::size_t n) {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return order.size() >= n; });
  }
  void waitIdle() {
    std::unique_lock lock(mutex);
    changed.wait(lock, [&] { return running == 0; });
  }
};

TEST(BotThreadPool, RunsSearchesInArrivalOrderAtMostThreadsAtOnce) {
  BotThreadPool pool(2);
  Gate gate;
  auto bot = std::make_shared<bot::Bot>();
  for (int id = 0; id < 6; ++id) pool.submit(bot, [&gate, id] { gate.job(id); });
  gate.waitStarted(2);
  EXPECT_EQ(pool.queued(), 4);
  gate.release(6);
  gate.waitStarted(6);
  gate.waitIdle();
  EXPECT_EQ(gate.mostAtOnce, 2);
  // Two threads take jobs 0 and 1 in either order; the rest follow in order of arrival.
  ASSERT_EQ(gate.order.size(), 6u);
  EXPECT_EQ(std::min(gate.order[0], gate.order[1]), 0);
  EXPECT_EQ(std::max(gate.order[0], gate.order[1]), 1);
  pool.stop();
}

TEST(BotThreadPool, CancelDropsTheQueuedSearchesOfOneBot) {
  BotThreadPool pool(1);
  Gate gate;
  auto first = std::make_shared<bot::Bot>();
  auto second = std::make_shared<bot::Bot>();
  pool.submit(first, [&gate] { gate.job(0); });
  gate.waitStarted(1);
  pool.submit(second, [&gate] { gate.job(1); });
  pool.submit(first, [&gate] { gate.job(2); });
  pool.cancel(second.get());
  EXPECT_EQ(pool.queued(), 1);
  gate.release(2);
  gate.waitStarted(2);
  gate.waitIdle();
  EXPECT_EQ(gate.order, (std::vector<int>{0, 2}));
  pool.stop();
  // After stop nothing runs.
  std::atomic<bool> ran{false};
  pool.submit(first, [&ran] { ran = true; });
  EXPECT_EQ(pool.queued(), 0);
  EXPECT_FALSE(ran);
}

}  // namespace
}  // namespace tengen::site::test
