#include "store/sqlite_connection.h"

#include <sqlite3.h>

namespace tengen::store {

Result<std::unique_ptr<SqliteConnection>> SqliteConnection::open(const std::string& path, Mode mode,
                                                                 int busyTimeoutMs) {
  // NOMUTEX: each connection is confined to one thread at a time by its owner, so SQLite's
  // per-connection mutex would only cost time.
  int flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE;
  flags |=
      mode == Mode::ReadWrite ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE : SQLITE_OPEN_READONLY;
  sqlite3* db = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &db, flags, nullptr);
  if (rc != SQLITE_OK) {
    std::string message = db != nullptr ? sqlite3_errmsg(db) : sqlite3_errstr(rc);
    sqlite3_close(db);
    return fail("cannot open the database: " + message, path);
  }
  std::unique_ptr<SqliteConnection> connection(new SqliteConnection(db, path));
  if (auto ok = connection->configure(mode, busyTimeoutMs); !ok) return std::unexpected(ok.error());
  return connection;
}

SqliteConnection::~SqliteConnection() {
  for (auto& [sql, stmt] : statements_) sqlite3_finalize(stmt);
  sqlite3_close(db_);
}

Result<void> SqliteConnection::configure(Mode mode, int busyTimeoutMs) {
  sqlite3_busy_timeout(db_, busyTimeoutMs);
  // SQLite opens files lazily: this first statement is the one that reads the header, so a
  // file that is not a database is reported here.
  auto version = queryInt("PRAGMA schema_version");
  if (!version) {
    if (sqlite3_errcode(db_) == SQLITE_NOTADB) {
      return fail("not an SQLite database (is this the right file?)", path_);
    }
    return std::unexpected(version.error());
  }
  if (auto ok = exec("PRAGMA foreign_keys = ON"); !ok) return ok;
  if (mode == Mode::ReadOnly) return {};
  // WAL lets readers run beside the writer; FULL syncs the WAL at every commit, so a
  // committed append survives a power cut, which is the promise appendEvent makes.
  auto journal = prepare("PRAGMA journal_mode = WAL");
  if (!journal) return std::unexpected(journal.error());
  if (journal->step() != SqliteStatement::Step::Row) return std::unexpected(error("enabling WAL"));
  if (journal->columnBytes(0) != "wal") {
    return fail(
        "cannot switch the database to WAL mode (journal mode is " + journal->columnBytes(0) + ")",
        path_);
  }
  if (auto ok = exec("PRAGMA synchronous = FULL"); !ok) return ok;
  // Each batch touches about one B-tree page per game in it (a game's events are clustered),
  // so with 1,000 live games the default 2 MiB cache would re-read most pages from the OS at
  // every commit. 32 MiB keeps the working set of a few thousand live games.
  return exec("PRAGMA cache_size = -32768");
}

Result<void> SqliteConnection::exec(std::string_view sql) {
  const std::string text(sql);
  char* message = nullptr;
  if (sqlite3_exec(db_, text.c_str(), nullptr, nullptr, &message) != SQLITE_OK) {
    std::string why = message != nullptr ? message : sqlite3_errmsg(db_);
    sqlite3_free(message);
    return fail(why + " (running: " + text.substr(0, 60) + ")", path_);
  }
  return {};
}

Result<SqliteStatement> SqliteConnection::prepare(std::string_view sql) {
  auto it = statements_.find(sql);
  if (it == statements_.end()) {
    sqlite3_stmt* stmt = nullptr;
    if (sqlite3_prepare_v3(db_, sql.data(), static_cast<int>(sql.size()), SQLITE_PREPARE_PERSISTENT,
                           &stmt, nullptr) != SQLITE_OK) {
      return std::unexpected(error("preparing: " + std::string(sql.substr(0, 60))));
    }
    it = statements_.emplace(std::string(sql), stmt).first;
  }
  return SqliteStatement(db_, it->second);
}

Result<void> SqliteConnection::run(std::string_view sql) {
  auto stmt = prepare(sql);
  if (!stmt) return std::unexpected(stmt.error());
  if (!stmt->run()) return std::unexpected(error("running: " + std::string(sql)));
  return {};
}

Result<int64_t> SqliteConnection::queryInt(std::string_view sql) {
  auto stmt = prepare(sql);
  if (!stmt) return std::unexpected(stmt.error());
  if (stmt->step() != SqliteStatement::Step::Row) {
    return std::unexpected(error("running: " + std::string(sql)));
  }
  return stmt->columnInt(0);
}

Error SqliteConnection::error(std::string_view doing) const {
  return Error{std::string(sqlite3_errmsg(db_)) + " (" + std::string(doing) + ")", path_};
}

bool SqliteConnection::inTransaction() const { return sqlite3_get_autocommit(db_) == 0; }

}  // namespace tengen::store
