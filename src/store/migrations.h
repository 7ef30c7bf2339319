#pragma once

#include "base/result.h"

namespace tengen::store {

class SqliteConnection;

// One schema step, embedded from src/store/migrations/NNNN_name.sql at build time.
struct Migration {
  int version;
  const char* name;
  const char* sql;
};

// The schema version this build writes: the number of the last migration.
int latestSchemaVersion();

// Brings the database up to latestSchemaVersion(), one transaction per migration, recording
// progress in PRAGMA user_version. Safe against another process migrating the same file at
// the same time (BEGIN IMMEDIATE, then re-read the version). A database newer than this build
// is an error: writing to it could break the newer program's invariants.
Result<int> migrate(SqliteConnection& connection);

}  // namespace tengen::store
