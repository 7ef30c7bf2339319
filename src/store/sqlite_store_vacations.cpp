// SqliteStore's vacation banks (migrations/0007_vacations.sql); the rest of the class is in
// sqlite_store.cpp.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::Step;

Vacation vacationAt(const SqliteStatement& row, int first) {
  Vacation vacation{row.columnInt(first), row.columnInt(first + 1), std::nullopt};
  if (!row.columnIsNull(first + 2)) vacation.sinceMs = row.columnInt(first + 2);
  return vacation;
}

}  // namespace

Result<std::optional<Vacation>> SqliteStore::vacationOf(int64_t user) {
  return read([&](SqliteConnection& db) -> Result<std::optional<Vacation>> {
    auto stmt = db.prepare("SELECT bank_ms, as_of_ms, since_ms FROM vacations WHERE user_id = ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user);
    Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading a vacation"));
    if (step != Step::Row) return std::optional<Vacation>{};
    return std::optional<Vacation>{vacationAt(*stmt, 0)};
  });
}

Result<void> SqliteStore::saveVacation(int64_t user, const Vacation& vacation) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO vacations (user_id, bank_ms, as_of_ms, since_ms) VALUES (?1, ?2, ?3, ?4) "
        "ON CONFLICT (user_id) DO UPDATE SET bank_ms = excluded.bank_ms, "
        "as_of_ms = excluded.as_of_ms, since_ms = excluded.since_ms");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, user).bind(2, vacation.bankMs).bind(3, vacation.asOfMs);
    stmt->bindOptional(4, vacation.sinceMs);
    if (stmt->run()) return AppendResult{};
    if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
      return failed("user " + std::to_string(user) + " does not exist");
    }
    return failed(db.error("saving a vacation").toString());
  });
}

Result<std::vector<std::pair<int64_t, Vacation>>> SqliteStore::vacationsUnderway() {
  using Rows = std::vector<std::pair<int64_t, Vacation>>;
  return read([&](SqliteConnection& db) -> Result<Rows> {
    auto stmt = db.prepare(
        "SELECT user_id, bank_ms, as_of_ms, since_ms FROM vacations "
        "WHERE since_ms IS NOT NULL ORDER BY user_id");
    if (!stmt) return std::unexpected(stmt.error());
    Rows rows;
    Step step;
    while ((step = stmt->step()) == Step::Row)
      rows.emplace_back(stmt->columnInt(0), vacationAt(*stmt, 1));
    if (step == Step::Error) return std::unexpected(db.error("reading the vacations under way"));
    return rows;
  });
}

}  // namespace tengen::store
