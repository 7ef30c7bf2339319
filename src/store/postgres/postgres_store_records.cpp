// PostgresStore's small records: finished lessons, the servers' last sign of life and vacation
// banks; the rest of the class is in postgres_store.cpp.
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;
using postgres_parts::nowMs;

Vacation vacationAt(const PgRows& rows, int row, int first) {
  Vacation vacation{rows.integer(row, first), rows.integer(row, first + 1), std::nullopt};
  if (!rows.isNull(row, first + 2)) vacation.sinceMs = rows.integer(row, first + 2);
  return vacation;
}

AppendResult userWriteFailed(const PgConnection& db, const PgRows& rows, int64_t user,
                             std::string_view doing) {
  if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
    return failed("user " + std::to_string(user) + " does not exist");
  }
  return failed(db, rows, doing);
}

}  // namespace

Result<void> PostgresStore::recordLessonDone(int64_t user, const std::string& lesson) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO lesson_progress (user_id, lesson, done_ms) VALUES ($1, $2, $3) "
        "ON CONFLICT (user_id, lesson) DO NOTHING",
        PgParams().add(user).addBytes(lesson).add(nowMs()));
    return rows.ok() ? AppendResult{} : userWriteFailed(db, rows, user, "recording a lesson");
  });
}

Result<std::vector<std::string>> PostgresStore::lessonsDone(int64_t user) {
  return read([&](PgConnection& db) -> Result<std::vector<std::string>> {
    PgRows rows =
        db.query("SELECT lesson FROM lesson_progress WHERE user_id = $1 ORDER BY done_ms, lesson",
                 PgParams().add(user));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading lesson progress"));
    std::vector<std::string> lessons;
    for (int i = 0; i < rows.size(); ++i) lessons.push_back(rows.bytes(i, 0));
    return lessons;
  });
}

Result<void> PostgresStore::recordAlive(int64_t atMs) {
  return write([&](PgConnection& db) {
    // greatest(): a late heartbeat must not move the time back past a later one.
    PgRows rows = db.query(
        "INSERT INTO server_alive (id, at_ms) VALUES (1, $1) "
        "ON CONFLICT (id) DO UPDATE SET at_ms = greatest(server_alive.at_ms, excluded.at_ms)",
        PgParams().add(atMs));
    return rows.ok() ? AppendResult{} : failed(db, rows, "recording the server's liveness");
  });
}

Result<std::optional<int64_t>> PostgresStore::lastAliveMs() {
  return read([&](PgConnection& db) -> Result<std::optional<int64_t>> {
    PgRows rows = db.query("SELECT at_ms FROM server_alive WHERE id = 1");
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading the server's liveness"));
    if (rows.size() == 0) return std::optional<int64_t>{};
    return std::optional<int64_t>{rows.integer(0, 0)};
  });
}

Result<std::optional<Vacation>> PostgresStore::vacationOf(int64_t user) {
  return read([&](PgConnection& db) -> Result<std::optional<Vacation>> {
    PgRows rows = db.query("SELECT bank_ms, as_of_ms, since_ms FROM vacations WHERE user_id = $1",
                           PgParams().add(user));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading a vacation"));
    if (rows.size() == 0) return std::optional<Vacation>{};
    return std::optional<Vacation>{vacationAt(rows, 0, 0)};
  });
}

Result<void> PostgresStore::saveVacation(int64_t user, const Vacation& vacation) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO vacations (user_id, bank_ms, as_of_ms, since_ms) VALUES ($1, $2, $3, $4) "
        "ON CONFLICT (user_id) DO UPDATE SET bank_ms = excluded.bank_ms, "
        "as_of_ms = excluded.as_of_ms, since_ms = excluded.since_ms",
        PgParams()
            .add(user)
            .add(vacation.bankMs)
            .add(vacation.asOfMs)
            .addOptional(vacation.sinceMs));
    return rows.ok() ? AppendResult{} : userWriteFailed(db, rows, user, "saving a vacation");
  });
}

Result<std::vector<std::pair<int64_t, Vacation>>> PostgresStore::vacationsUnderway() {
  using Rows = std::vector<std::pair<int64_t, Vacation>>;
  return read([&](PgConnection& db) -> Result<Rows> {
    PgRows rows = db.query(
        "SELECT user_id, bank_ms, as_of_ms, since_ms FROM vacations "
        "WHERE since_ms IS NOT NULL ORDER BY user_id");
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading the vacations under way"));
    Rows underway;
    for (int i = 0; i < rows.size(); ++i)
      underway.emplace_back(rows.integer(i, 0), vacationAt(rows, i, 1));
    return underway;
  });
}

}  // namespace tengen::store
