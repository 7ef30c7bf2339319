#include "site/blocking_pool.h"

#include <boost/asio/detail/scheduler.hpp>

#include <algorithm>

#include "base/contained.h"

namespace tengen::site {

namespace asio = boost::asio;

namespace {

// The pool's queue. A thread_pool is a scheduler (the one io_context is made of) plus the
// threads that run it; thread_pool::attach() runs it too, but inside the same catch-all that
// terminates. Running the scheduler directly is what io_context::run() does, with the same
// guarantee: a call left by an exception may be made again and resumes the queue.
asio::detail::scheduler& schedulerOf(asio::thread_pool& pool) {
  return asio::use_service<asio::detail::scheduler>(pool);
}

}  // namespace

// Zero threads of asio's own: ours below take their place.
BlockingPool::BlockingPool(int threads) : pool_(0) {
  asio::detail::scheduler& scheduler = schedulerOf(pool_);
  for (int i = 0; i < std::max(1, threads); ++i) {
    threads_.emplace_back([&scheduler] {
      runContainedLoop("blocking_pool", [&scheduler] {
        boost::system::error_code ignored;
        scheduler.run(ignored);
      });
    });
  }
}

BlockingPool::~BlockingPool() { join(); }

void BlockingPool::join() {
  if (joined_) return;
  joined_ = true;
  // The pool counts one unit of work from its construction on, so that idle threads wait;
  // giving it back (as thread_pool::join() does for asio's own threads) lets run() return once
  // the queue is empty.
  schedulerOf(pool_).work_finished();
  for (std::thread& thread : threads_) thread.join();
  threads_.clear();
}

}  // namespace tengen::site
