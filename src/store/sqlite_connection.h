#pragma once

#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "base/result.h"
#include "store/sqlite_statement.h"

namespace tengen::store {

// One sqlite3 handle with a cache of prepared statements. Not thread-safe: a connection is
// used by one thread at a time (the writer thread, or whoever leased it from the ReaderPool, connection_pool.h),
// which is why it is opened without SQLite's own mutex.
class SqliteConnection {
 public:
  enum class Mode { ReadWrite, ReadOnly };
  // How the group commit writer opens a batch: IMMEDIATE takes the write lock at once.
  static constexpr const char* kBeginWrite = "BEGIN IMMEDIATE";

  // Opens (creating it in ReadWrite mode) and applies the per-connection settings: busy
  // timeout, foreign keys, and for ReadWrite also WAL and synchronous=FULL. A file that is
  // not an SQLite database fails here, with a message that says so.
  static Result<std::unique_ptr<SqliteConnection>> open(const std::string& path, Mode mode,
                                                        int busyTimeoutMs);
  ~SqliteConnection();
  SqliteConnection(const SqliteConnection&) = delete;
  SqliteConnection& operator=(const SqliteConnection&) = delete;

  // Runs one or more statements that return no rows we need (DDL, BEGIN, PRAGMA ...=).
  Result<void> exec(std::string_view sql);
  // Runs one statement through the statement cache: for the ones run per batch or per job
  // (BEGIN, SAVEPOINT, COMMIT), where parsing the text each time would be measurable.
  Result<void> run(std::string_view sql);
  // A cached prepared statement; prepared on first use, reset when the handle goes.
  Result<SqliteStatement> prepare(std::string_view sql);
  // The single integer a query like "PRAGMA user_version" returns.
  Result<int64_t> queryInt(std::string_view sql);

  // An Error for the connection's most recent failure, saying what we were doing.
  Error error(std::string_view doing) const;
  bool inTransaction() const;
  const std::string& path() const { return path_; }

 private:
  SqliteConnection(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  Result<void> configure(Mode mode, int busyTimeoutMs);

  sqlite3* db_;
  std::string path_;
  std::map<std::string, sqlite3_stmt*, std::less<>> statements_;
};

}  // namespace tengen::store
