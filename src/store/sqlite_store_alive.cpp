// SqliteStore's record of the server's last sign of life (migrations/0006_server_alive.sql);
// the rest of the class is in sqlite_store.cpp.
#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::Step;

}  // namespace

Result<void> SqliteStore::recordAlive(int64_t atMs) {
  return write([&](SqliteConnection& db) {
    // max(): a late heartbeat must not move the time back past the stopping server's last one.
    auto stmt = db.prepare(
        "INSERT INTO server_alive (id, at_ms) VALUES (1, ?1) "
        "ON CONFLICT (id) DO UPDATE SET at_ms = max(at_ms, excluded.at_ms)");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, atMs);
    if (stmt->run()) return AppendResult{};
    return failed(db.error("recording the server's liveness").toString());
  });
}

Result<std::optional<int64_t>> SqliteStore::lastAliveMs() {
  return read([&](SqliteConnection& db) -> Result<std::optional<int64_t>> {
    auto stmt = db.prepare("SELECT at_ms FROM server_alive WHERE id = 1");
    if (!stmt) return std::unexpected(stmt.error());
    Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading the server's liveness"));
    if (step != Step::Row) return std::optional<int64_t>{};
    return std::optional<int64_t>{stmt->columnInt(0)};
  });
}

}  // namespace tengen::store
