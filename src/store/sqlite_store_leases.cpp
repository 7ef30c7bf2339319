// SqliteStore's game leases (migrations/0008_game_leases.sql); the rest of the class is in
// sqlite_store.cpp. The fenced append is there too, beside the unfenced one.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::Step;

GameLease leaseAt(const SqliteStatement& row, int64_t game) {
  return GameLease{game, row.columnBytes(0), row.columnInt(1), row.columnInt(2)};
}

}  // namespace

Result<std::optional<GameLease>> SqliteStore::acquireLease(int64_t game, const std::string& node,
                                                           int64_t nowMs, int64_t ttlMs) {
  std::optional<GameLease> lease;
  auto ok = write([&](SqliteConnection& db) {
    lease.reset();
    // Taken when free or expired, renewed when this node's; a new holder's token is one
    // more than the last one's.
    auto stmt = db.prepare(
        "INSERT INTO game_leases (game, node, token, expires_ms) VALUES (?1, ?2, 1, ?4) "
        "ON CONFLICT (game) DO UPDATE SET "
        "token = CASE WHEN game_leases.node = excluded.node THEN game_leases.token "
        "ELSE game_leases.token + 1 END, "
        "node = excluded.node, expires_ms = excluded.expires_ms "
        "WHERE game_leases.node = excluded.node OR game_leases.expires_ms <= ?3 "
        "RETURNING node, token, expires_ms");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, game).bindText(2, node).bind(3, nowMs).bind(4, nowMs + ttlMs);
    switch (stmt->step()) {
      case Step::Row:
        lease = leaseAt(*stmt, game);
        if (stmt->step() != Step::Done) return failed(db.error("taking a game's lease"));
        return AppendResult{};
      case Step::Done:
        return AppendResult{};  // another node's lease is live
      case Step::Error:
        break;
    }
    if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
      return failed("game " + std::to_string(game) + " does not exist");
    }
    return failed(db.error("taking a game's lease"));
  });
  if (!ok) return std::unexpected(ok.error());
  return lease;
}

Result<void> SqliteStore::releaseLease(const GameLease& lease) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "UPDATE game_leases SET expires_ms = 0 WHERE game = ?1 AND node = ?2 AND token = ?3");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, lease.game).bindText(2, lease.node).bind(3, lease.token);
    return stmt->run() ? AppendResult{} : failed(db.error("releasing a game's lease"));
  });
}

Result<std::optional<GameLease>> SqliteStore::leaseOf(int64_t game) {
  return read([&](SqliteConnection& db) -> Result<std::optional<GameLease>> {
    auto stmt = db.prepare("SELECT node, token, expires_ms FROM game_leases WHERE game = ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, game);
    const Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading a game's lease"));
    if (step == Step::Done) return std::optional<GameLease>{};
    return std::optional<GameLease>{leaseAt(*stmt, game)};
  });
}

}  // namespace tengen::store
