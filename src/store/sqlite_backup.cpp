#include "store/sqlite_backup.h"

#include <fcntl.h>
#include <sqlite3.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <memory>
#include <thread>

namespace tengen::store {

namespace {

namespace fs = std::filesystem;

struct CloseDb {
  void operator()(sqlite3* db) const { sqlite3_close(db); }
};
using Db = std::unique_ptr<sqlite3, CloseDb>;

// A lock held by another connection at the moment the copy starts (a writer recovering the
// WAL, say) is waited for this long before the backup gives up.
constexpr int kBusyTimeoutMs = 10'000;

Result<Db> openDb(const std::string& path, int flags) {
  sqlite3* raw = nullptr;
  const int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_EXRESCODE, nullptr);
  Db db(raw);
  if (rc != SQLITE_OK) {
    return fail(
        std::string("cannot open: ") + (raw != nullptr ? sqlite3_errmsg(raw) : sqlite3_errstr(rc)),
        path);
  }
  sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
  return db;
}

std::unexpected<Error> queryFailed(sqlite3* db, const char* sql, const std::string& path) {
  if (sqlite3_errcode(db) == SQLITE_NOTADB) {
    return fail("not an SQLite database (is this the right file?)", path);
  }
  return fail(std::string(sqlite3_errmsg(db)) + " (running: " + sql + ")", path);
}

using Statement = std::unique_ptr<sqlite3_stmt, decltype(&sqlite3_finalize)>;

// `sql` prepared and stepped to its first row; an error when it has none.
Result<Statement> firstRow(sqlite3* db, const char* sql, const std::string& path) {
  sqlite3_stmt* raw = nullptr;
  if (sqlite3_prepare_v2(db, sql, -1, &raw, nullptr) != SQLITE_OK) {
    return queryFailed(db, sql, path);
  }
  Statement statement(raw, sqlite3_finalize);
  if (sqlite3_step(raw) != SQLITE_ROW) return queryFailed(db, sql, path);
  return statement;
}

Result<int64_t> queryInt(sqlite3* db, const char* sql, const std::string& path) {
  auto row = firstRow(db, sql, path);
  if (!row) return std::unexpected(row.error());
  return sqlite3_column_int64(row->get(), 0);
}

Result<std::string> queryText(sqlite3* db, const char* sql, const std::string& path) {
  auto row = firstRow(db, sql, path);
  if (!row) return std::unexpected(row.error());
  const unsigned char* text = sqlite3_column_text(row->get(), 0);
  return std::string(text != nullptr ? reinterpret_cast<const char*>(text) : "");
}

Result<void> exec(sqlite3* db, const char* sql, const std::string& path) {
  char* message = nullptr;
  if (sqlite3_exec(db, sql, nullptr, nullptr, &message) != SQLITE_OK) {
    std::string why = message != nullptr ? message : sqlite3_errmsg(db);
    sqlite3_free(message);
    return fail(why + " (running: " + sql + ")", path);
  }
  return {};
}

// All pages in one step: one read transaction, hence one snapshot. Copying a few pages per
// step instead would restart from the first page whenever another process commits (SQLite
// cannot see that process's changes page by page), which on a busy server may be always.
Result<int64_t> copyPages(sqlite3* source, sqlite3* destination, const std::string& sourcePath,
                          const std::string& destinationPath) {
  sqlite3_backup* backup = sqlite3_backup_init(destination, "main", source, "main");
  if (backup == nullptr) {
    return fail(std::string("cannot start the backup: ") + sqlite3_errmsg(destination),
                destinationPath);
  }
  const auto deadline =
      std::chrono::steady_clock::now() + std::chrono::milliseconds(kBusyTimeoutMs);
  int rc = sqlite3_backup_step(backup, -1);
  while ((rc == SQLITE_BUSY || rc == SQLITE_LOCKED) &&
         std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(std::chrono::milliseconds(50));
    rc = sqlite3_backup_step(backup, -1);
  }
  const int64_t pages = sqlite3_backup_pagecount(backup);
  sqlite3_backup_finish(backup);
  if (rc != SQLITE_DONE) {
    if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
      return fail("the database stayed locked for " + std::to_string(kBusyTimeoutMs / 1000) +
                      " s; nothing was copied",
                  sourcePath);
    }
    if (rc == SQLITE_NOTADB || sqlite3_errcode(source) == SQLITE_NOTADB) {
      return fail("not an SQLite database (is this the right file?)", sourcePath);
    }
    return fail(std::string("copying failed: ") + sqlite3_errstr(rc), sourcePath);
  }
  return pages;
}

// The steps after the file exists under its temporary name; on any failure the caller
// removes it.
Result<SqliteBackupReport> backupInto(sqlite3* source, const std::string& sourcePath,
                                      const std::string& partial) {
  auto destination = openDb(partial, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE);
  if (!destination) return std::unexpected(destination.error());
  auto pages = copyPages(source, destination->get(), sourcePath, partial);
  if (!pages) return std::unexpected(pages.error());
  // The copy's header still says WAL, as the source's does; a backup is easier to move and
  // keep as one file. `tengen serve` switches it back to WAL when it opens it.
  if (auto ok = exec(destination->get(), "PRAGMA journal_mode = DELETE", partial); !ok) {
    return std::unexpected(ok.error());
  }
  auto check = queryText(destination->get(), "PRAGMA quick_check", partial);
  if (!check) return std::unexpected(check.error());
  if (*check != "ok") {
    return fail("the copy fails PRAGMA quick_check: " + check->substr(0, 200), partial);
  }
  SqliteBackupReport report;
  report.pages = *pages;
  auto pageBytes = queryInt(destination->get(), "PRAGMA page_size", partial);
  if (!pageBytes) return std::unexpected(pageBytes.error());
  report.pageBytes = *pageBytes;
  auto version = queryInt(destination->get(), "PRAGMA user_version", partial);
  if (!version) return std::unexpected(version.error());
  report.schemaVersion = *version;
  return report;
}

void removePartial(const std::string& partial) {
  std::error_code ec;
  fs::remove(partial, ec);
  fs::remove(partial + "-journal", ec);
  fs::remove(partial + "-wal", ec);
  fs::remove(partial + "-shm", ec);
}

// The new name is durable once the directory holding it is synced.
void syncDirectoryOf(const std::string& path) {
  const fs::path parent = fs::path(path).parent_path();
  const int fd = ::open(parent.empty() ? "." : parent.c_str(), O_RDONLY | O_DIRECTORY);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

}  // namespace

Result<SqliteBackupReport> backupSqlite(const std::string& source, const std::string& destination) {
  std::error_code ec;
  if (fs::exists(destination, ec)) {
    return fail("already exists; a backup never overwrites a file (remove it or name another)",
                destination);
  }
  if (!fs::exists(source, ec)) return fail("no such database file", source);
  // Read-write without create: a missing file is an error rather than a new empty database,
  // and a WAL database may need its -shm file set up by the first connection to open it.
  // Only SQLite writes to it (the -shm index, a checkpoint on closing).
  auto db = openDb(source, SQLITE_OPEN_READWRITE);
  if (!db) return std::unexpected(db.error());
  if (auto version = queryInt(db->get(), "PRAGMA schema_version", source); !version) {
    return std::unexpected(version.error());
  }
  const std::string partial = destination + ".partial-" + std::to_string(::getpid());
  removePartial(partial);
  auto report = backupInto(db->get(), source, partial);
  if (!report) {
    removePartial(partial);
    return report;
  }
  // link() rather than rename(): it fails instead of replacing a file that appeared at
  // `destination` while the copy was being made.
  if (::link(partial.c_str(), destination.c_str()) != 0) {
    const int error = errno;
    removePartial(partial);
    return fail(std::string("cannot create: ") + std::strerror(error), destination);
  }
  removePartial(partial);
  syncDirectoryOf(destination);
  return report;
}

}  // namespace tengen::store
