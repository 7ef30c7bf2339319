#include "store/wal_checkpointer.h"

#include "base/log.h"

namespace tengen::store {

Result<std::unique_ptr<WalCheckpointer>> WalCheckpointer::start(const std::string& path,
                                                                std::chrono::milliseconds interval,
                                                                int busyTimeoutMs) {
  auto connection = SqliteConnection::open(path, SqliteConnection::Mode::ReadWrite, busyTimeoutMs);
  if (!connection) return std::unexpected(connection.error());
  return std::unique_ptr<WalCheckpointer>(new WalCheckpointer(std::move(*connection), interval));
}

WalCheckpointer::WalCheckpointer(std::unique_ptr<SqliteConnection> connection,
                                 std::chrono::milliseconds interval)
    : connection_(std::move(connection)), interval_(interval) {
  thread_ = std::thread([this] { run(); });
}

WalCheckpointer::~WalCheckpointer() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  thread_.join();
}

int WalCheckpointer::completed() const {
  std::lock_guard lock(mutex_);
  return completed_;
}

void WalCheckpointer::run() {
  std::unique_lock lock(mutex_);
  while (!wake_.wait_for(lock, interval_, [this] { return stopping_; })) {
    lock.unlock();
    // PASSIVE copies what no reader still needs and never waits for the writer; a busy or
    // partial checkpoint is normal and simply continues next time.
    auto done = connection_->exec("PRAGMA wal_checkpoint(PASSIVE)");
    if (!done) log::warn("wal_checkpoint_failed", {{"error", done.error().toString()}});
    lock.lock();
    if (done) ++completed_;
  }
}

}  // namespace tengen::store
