#pragma once

#include "base/result.h"

namespace tengen::store {

class PgConnection;

// The schema version this build writes to PostgreSQL: the number of the last file in
// src/store/postgres/migrations (counted apart from SQLite's).
int latestPgSchemaVersion();

// Brings the database up to latestPgSchemaVersion(), one transaction per migration, recording
// progress in the table tengen_schema. Several nodes starting at once take turns on an
// advisory lock, so each migration runs once. A database newer than this build, or one
// holding other tables and no tengen_schema, is refused.
Result<int> migratePg(PgConnection& connection);

}  // namespace tengen::store
