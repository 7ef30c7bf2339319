#pragma once

#include <condition_variable>
#include <functional>
#include <memory>
#include <mutex>
#include <vector>

#include "base/result.h"

namespace tengen::store {

// Connections for queries, apart from the writer's connection. For SQLite (ReaderPool) they
// are read-only connections in WAL mode: a reader sees the last commit and never waits for the
// writer, so lobby queries and game loads keep going while a batch commits; PostgreSQL's MVCC
// gives the same. Connections are opened on demand up to a limit; past it, callers wait for
// one to come back. A connection is used by one caller at a time.
template <typename Connection>
class ConnectionPool {
 public:
  using Open = std::function<Result<std::unique_ptr<Connection>>()>;

  // Returns a connection to the pool when it goes out of scope.
  class Lease {
   public:
    Lease(ConnectionPool& pool, std::unique_ptr<Connection> connection)
        : pool_(&pool), connection_(std::move(connection)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (connection_) pool_->giveBack(std::move(connection_));
    }
    Connection& operator*() const { return *connection_; }
    Connection* operator->() const { return connection_.get(); }

   private:
    ConnectionPool* pool_;
    std::unique_ptr<Connection> connection_;
  };

  ConnectionPool(Open open, int maxConnections)
      : open_(std::move(open)), maxConnections_(maxConnections) {}

  Result<Lease> lease() {
    std::unique_lock lock(mutex_);
    available_.wait(lock, [&] { return !idle_.empty() || opened_ < maxConnections_; });
    if (!idle_.empty()) {
      auto connection = std::move(idle_.back());
      idle_.pop_back();
      return Lease(*this, std::move(connection));
    }
    ++opened_;
    lock.unlock();
    // Open outside the lock: it touches the disk or the network, and other callers may
    // reuse idle ones meanwhile.
    auto connection = open_();
    if (!connection) {
      lock.lock();
      --opened_;
      available_.notify_one();
      return std::unexpected(connection.error());
    }
    return Lease(*this, std::move(*connection));
  }

 private:
  void giveBack(std::unique_ptr<Connection> connection) {
    {
      std::lock_guard lock(mutex_);
      idle_.push_back(std::move(connection));
    }
    available_.notify_one();
  }

  const Open open_;
  const int maxConnections_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<Connection>> idle_;
  int opened_ = 0;  // idle plus leased
};

}  // namespace tengen::store
