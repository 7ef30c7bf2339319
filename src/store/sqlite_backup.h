#pragma once

// A copy of a live SQLite database, taken with SQLite's online backup API while servers keep
// writing to it (docs/operating.md, "Backups"). Copying the file with cp instead can catch a
// page half-written, or miss the commits still in the -wal file beside it.

#include <cstdint>
#include <string>

#include "base/result.h"

namespace tengen::store {

struct SqliteBackupReport {
  int64_t pages = 0;
  int64_t pageBytes = 0;
  int64_t schemaVersion = 0;  // PRAGMA user_version of the copy
};

// Copies the database at `source` into the new file `destination`: one consistent snapshot
// (every commit before the copy began, none after), checked with PRAGMA quick_check and
// written in rollback-journal mode so that it is one self-contained file. The copy is built
// under a temporary name beside `destination` and linked into place only when complete, so a
// failed or interrupted backup leaves nothing named `destination`. Refuses when `destination`
// exists (a backup never overwrites) or `source` is missing or not an SQLite database.
//
// Cost: reads every page once. The source is only read (SQLite itself checkpoints its WAL on
// closing when no server has it open): in WAL mode, as tengen runs it, the server's writes and
// checkpoints go on meanwhile, and the pages they change after the copy began stay out of it.
// Blocking; call it from a thread that may wait.
Result<SqliteBackupReport> backupSqlite(const std::string& source, const std::string& destination);

}  // namespace tengen::store
