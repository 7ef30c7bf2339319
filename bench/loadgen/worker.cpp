#include "worker.h"

#include <boost/asio/as_tuple.hpp>
#include <boost/asio/co_spawn.hpp>
#include <boost/asio/detached.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/this_coro.hpp>
#include <boost/asio/use_awaitable.hpp>

#include <exception>

namespace tengen::loadgen {

namespace net = boost::asio;

net::awaitable<void> sleepFor(Clock::duration duration) {
  net::steady_timer timer(co_await net::this_coro::executor, duration);
  co_await timer.async_wait(net::as_tuple(net::use_awaitable));
}

net::awaitable<void> waitForFlag(const std::atomic<bool>& flag) {
  while (!flag.load(std::memory_order_acquire)) co_await sleepFor(std::chrono::milliseconds(5));
}

void waitForCount(const std::atomic<int>& count, int target) {
  while (count.load(std::memory_order_acquire) < target) {
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}

void startWorker(Worker& worker, std::function<net::awaitable<void>()> body) {
  worker.thread = std::thread([&worker, body = std::move(body)] {
    net::co_spawn(
        worker.ioc,
        [&worker, body]() -> net::awaitable<void> {
          co_await body();
          // Let the close handshakes of the sockets just closed complete, then stop: a server
          // that never answers a close must not keep the loadgen alive.
          co_await sleepFor(std::chrono::milliseconds(500));
          worker.ioc.stop();
        },
        [&worker](std::exception_ptr error) {
          // Only a bug gets here (the scenario code reports failures as values).
          if (error) {
            try {
              std::rethrow_exception(error);
            } catch (const std::exception& e) {
              worker.stats.recordError("loadgen_exception", e.what());
            }
            worker.ioc.stop();
          }
        });
    worker.ioc.run();
  });
}

void distribute(std::vector<Worker>& workers, const std::vector<PlayerSpec>& specs, int groupSize) {
  const auto groups = specs.size() / static_cast<std::size_t>(groupSize);
  for (std::size_t group = 0; group < groups; ++group) {
    auto& worker = workers[group % workers.size()];
    for (int i = 0; i < groupSize; ++i) {
      worker.specs.push_back(
          specs[group * static_cast<std::size_t>(groupSize) + static_cast<std::size_t>(i)]);
    }
  }
}

}  // namespace tengen::loadgen
