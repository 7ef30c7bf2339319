#include "store/migrations.h"

#include <string>

#include "store/migrations_sql.h"
#include "store/sqlite_connection.h"

namespace tengen::store {

int latestSchemaVersion() { return std::size(kMigrations); }

namespace {

Result<void> apply(SqliteConnection& connection, const Migration& migration) {
  if (auto ok = connection.exec("BEGIN IMMEDIATE"); !ok) return ok;
  auto current = connection.queryInt("PRAGMA user_version");
  if (!current) {
    (void)connection.exec("ROLLBACK");
    return std::unexpected(current.error());
  }
  if (*current >= migration.version) return connection.exec("COMMIT");  // someone else did it
  auto ok = connection.exec(migration.sql);
  if (ok) ok = connection.exec("PRAGMA user_version = " + std::to_string(migration.version));
  if (ok) ok = connection.exec("COMMIT");
  if (!ok) {
    if (connection.inTransaction()) (void)connection.exec("ROLLBACK");
    return fail("migration " + std::string(migration.name) + " failed: " + ok.error().message,
                connection.path());
  }
  return {};
}

}  // namespace

Result<int> migrate(SqliteConnection& connection) {
  auto version = connection.queryInt("PRAGMA user_version");
  if (!version) return std::unexpected(version.error());
  if (*version > latestSchemaVersion()) {
    return fail("the database has schema version " + std::to_string(*version) +
                    ", newer than this tengen build knows (" +
                    std::to_string(latestSchemaVersion()) + "); use a newer tengen",
                connection.path());
  }
  if (*version == 0) {
    // Version 0 with tables in it is some other program's database; adding ours to it would
    // mix two applications' data in one file.
    auto tables = connection.queryInt("SELECT count(*) FROM sqlite_schema");
    if (!tables) return std::unexpected(tables.error());
    if (*tables > 0) return fail("not a tengen database (it has other tables)", connection.path());
  }
  for (const Migration& migration : kMigrations) {
    if (migration.version <= *version) continue;
    if (auto ok = apply(connection, migration); !ok) return std::unexpected(ok.error());
  }
  return latestSchemaVersion();
}

}  // namespace tengen::store
