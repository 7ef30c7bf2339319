#include "store/reader_pool.h"

namespace tengen::store {

ReaderPool::Lease::~Lease() {
  if (connection_) pool_->giveBack(std::move(connection_));
}

ReaderPool::ReaderPool(std::string path, int maxConnections, int busyTimeoutMs)
    : path_(std::move(path)), maxConnections_(maxConnections), busyTimeoutMs_(busyTimeoutMs) {}

Result<ReaderPool::Lease> ReaderPool::lease() {
  std::unique_lock lock(mutex_);
  available_.wait(lock, [&] { return !idle_.empty() || open_ < maxConnections_; });
  if (!idle_.empty()) {
    auto connection = std::move(idle_.back());
    idle_.pop_back();
    return Lease(*this, std::move(connection));
  }
  ++open_;
  lock.unlock();
  // Open outside the lock: it touches the disk, and other callers may reuse idle ones.
  auto connection = SqliteConnection::open(path_, SqliteConnection::Mode::ReadOnly, busyTimeoutMs_);
  if (!connection) {
    lock.lock();
    --open_;
    available_.notify_one();
    return std::unexpected(connection.error());
  }
  return Lease(*this, std::move(*connection));
}

void ReaderPool::giveBack(std::unique_ptr<SqliteConnection> connection) {
  {
    std::lock_guard lock(mutex_);
    idle_.push_back(std::move(connection));
  }
  available_.notify_one();
}

}  // namespace tengen::store
