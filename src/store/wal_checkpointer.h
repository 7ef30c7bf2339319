#pragma once

// Moves the write-ahead log into the database file on a thread of its own. SQLite's automatic
// checkpoint runs inside the COMMIT that crosses its threshold, so the group-commit writer
// would copy megabytes and fsync the database file while every move of that batch waits: the
// slowest one percent of moves at load. A PASSIVE checkpoint here never takes the write lock,
// so commits go on meanwhile; the writer's own automatic checkpoint is switched off.

#include <chrono>
#include <condition_variable>
#include <memory>
#include <mutex>
#include <thread>

#include "base/result.h"
#include "store/sqlite_connection.h"

namespace tengen::store {

class WalCheckpointer {
 public:
  // Opens its own connection to `path`; starts checkpointing every `interval`.
  static Result<std::unique_ptr<WalCheckpointer>> start(const std::string& path,
                                                        std::chrono::milliseconds interval,
                                                        int busyTimeoutMs);
  ~WalCheckpointer();  // stops and joins
  WalCheckpointer(const WalCheckpointer&) = delete;
  WalCheckpointer& operator=(const WalCheckpointer&) = delete;

  // Checkpoints completed since start (tests and metrics).
  int completed() const;

 private:
  WalCheckpointer(std::unique_ptr<SqliteConnection> connection, std::chrono::milliseconds interval);
  void run();

  std::unique_ptr<SqliteConnection> connection_;
  std::chrono::milliseconds interval_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  bool stopping_ = false;
  int completed_ = 0;
  std::thread thread_;
};

}  // namespace tengen::store
