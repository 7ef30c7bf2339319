#pragma once

#include <condition_variable>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "base/result.h"
#include "store/sqlite_connection.h"

namespace tengen::store {

// Read-only connections for queries, apart from the writer's connection: in WAL mode a
// reader sees the last commit and never waits for the writer, so lobby queries and game
// loads keep going while a batch commits. Connections are opened on demand up to a limit;
// past it, callers wait for one to come back.
class ReaderPool {
 public:
  // Returns a connection to the pool when it goes out of scope.
  class Lease {
   public:
    Lease(ReaderPool& pool, std::unique_ptr<SqliteConnection> connection)
        : pool_(&pool), connection_(std::move(connection)) {}
    Lease(Lease&&) = default;
    Lease& operator=(Lease&&) = delete;
    ~Lease();
    SqliteConnection& operator*() const { return *connection_; }
    SqliteConnection* operator->() const { return connection_.get(); }

   private:
    ReaderPool* pool_;
    std::unique_ptr<SqliteConnection> connection_;
  };

  ReaderPool(std::string path, int maxConnections, int busyTimeoutMs);

  Result<Lease> lease();

 private:
  void giveBack(std::unique_ptr<SqliteConnection> connection);

  const std::string path_;
  const int maxConnections_;
  const int busyTimeoutMs_;
  std::mutex mutex_;
  std::condition_variable available_;
  std::vector<std::unique_ptr<SqliteConnection>> idle_;
  int open_ = 0;  // idle plus leased
};

}  // namespace tengen::store
