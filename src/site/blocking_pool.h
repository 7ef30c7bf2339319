#pragma once

// The site's pool for blocking calls (store reads and writes, room loading, a room's slow
// decisions). It is an asio::thread_pool, the executor type the rest of the site is written
// against (site_context.h, the rooms' row-write strands), but run by threads of its own: asio's
// pool threads call std::terminate when a handler throws, and here base/contained.h logs it and
// the thread goes on with the next job.

#include <boost/asio/thread_pool.hpp>

#include <thread>
#include <vector>

namespace tengen::site {

class BlockingPool {
 public:
  explicit BlockingPool(int threads);
  ~BlockingPool();  // join()
  BlockingPool(const BlockingPool&) = delete;
  BlockingPool& operator=(const BlockingPool&) = delete;

  boost::asio::thread_pool& pool() { return pool_; }
  // Lets the queued jobs finish (and those they queue), then joins the threads; jobs posted
  // afterwards never run. Idempotent; call it from outside the pool.
  void join();

 private:
  boost::asio::thread_pool pool_;
  std::vector<std::thread> threads_;
  bool joined_ = false;
};

}  // namespace tengen::site
