#include "store/postgres/pg_migrations.h"

#include <string>

#include "store/postgres/pg_connection.h"
#include "store/postgres_migrations_sql.h"

namespace tengen::store {

namespace {

// Any fixed number: the lock that serialises migrations across the nodes of one database.
constexpr const char* kLock = "SELECT pg_advisory_xact_lock(7348112051)";

Result<void> apply(PgConnection& db, const Migration& migration) {
  if (auto ok = db.exec(std::string("BEGIN; ") + kLock); !ok) return ok;
  auto current = db.queryInt("SELECT coalesce(max(version), 0) FROM tengen_schema");
  if (!current) {
    (void)db.exec("ROLLBACK");
    return std::unexpected(current.error());
  }
  if (*current >= migration.version) return db.exec("COMMIT");  // another node did it
  auto ok = db.exec(migration.sql);
  if (ok) {
    ok = db.exec("INSERT INTO tengen_schema (version) VALUES (" +
                 std::to_string(migration.version) + "); COMMIT");
  }
  if (!ok) {
    (void)db.exec("ROLLBACK");
    return fail("migration " + std::string(migration.name) + " failed: " + ok.error().message,
                db.where());
  }
  return {};
}

// Creates tengen_schema in a database that has no tables yet, under the lock, so that of two
// nodes starting on an empty database one creates it and the other finds it.
Result<void> adopt(PgConnection& db) {
  if (auto ok = db.exec(std::string("BEGIN; ") + kLock); !ok) return ok;
  auto done = [&](Result<void> outcome) -> Result<void> {
    if (outcome) return db.exec("COMMIT");
    (void)db.exec("ROLLBACK");
    return outcome;
  };
  auto ours = db.queryInt(
      "SELECT count(*) FROM pg_tables "
      "WHERE tablename = 'tengen_schema' AND schemaname = current_schema()");
  if (!ours) return done(std::unexpected(ours.error()));
  if (*ours > 0) return done({});
  // Tables and no tengen_schema: some other program's database; adding ours to it would mix
  // two applications' data.
  auto tables = db.queryInt(
      "SELECT count(*) FROM pg_tables "
      "WHERE schemaname NOT IN ('pg_catalog', 'information_schema')");
  if (!tables) return done(std::unexpected(tables.error()));
  if (*tables > 0) return done(fail("not a tengen database (it has other tables)", db.where()));
  return done(db.exec("CREATE TABLE tengen_schema (version INTEGER PRIMARY KEY)"));
}

}  // namespace

int latestPgSchemaVersion() { return std::size(kPostgresMigrations); }

Result<int> migratePg(PgConnection& db) {
  if (auto adopted = adopt(db); !adopted) return std::unexpected(adopted.error());
  auto version = db.queryInt("SELECT coalesce(max(version), 0) FROM tengen_schema");
  if (!version) return std::unexpected(version.error());
  if (*version > latestPgSchemaVersion()) {
    return fail("the database has schema version " + std::to_string(*version) +
                    ", newer than this tengen build knows (" +
                    std::to_string(latestPgSchemaVersion()) + "); use a newer tengen",
                db.where());
  }
  for (const Migration& migration : kPostgresMigrations) {
    if (migration.version <= *version) continue;
    if (auto ok = apply(db, migration); !ok) return std::unexpected(ok.error());
  }
  return latestPgSchemaVersion();
}

}  // namespace tengen::store
