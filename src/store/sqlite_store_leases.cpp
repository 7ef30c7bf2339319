// SqliteStore's game leases (migrations/0008_game_leases.sql); the rest of the class is in
// sqlite_store.cpp. The fenced append is there too, beside the unfenced one.
#include <sqlite3.h>

#include <algorithm>

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

Result<std::vector<int64_t>> SqliteStore::renewLeases(const std::string& node, int64_t nowMs,
                                                      int64_t ttlMs) {
  std::vector<int64_t> games;
  auto ok = write([&](SqliteConnection& db) {
    games.clear();
    auto stmt = db.prepare(
        "UPDATE game_leases SET expires_ms = ?2 WHERE node = ?1 AND game IN "
        "(SELECT id FROM games WHERE status IN ('open', 'playing')) RETURNING game");
    if (!stmt) return failed(stmt.error());
    stmt->bindText(1, node).bind(2, nowMs + ttlMs);
    Step step;
    while ((step = stmt->step()) == Step::Row) games.push_back(stmt->columnInt(0));
    if (step == Step::Error) return failed(db.error("renewing the leases"));
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  std::ranges::sort(games);
  return games;
}

Result<std::vector<GameLease>> SqliteStore::expiredLeases(int64_t nowMs, int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<GameLease>> {
    auto stmt = db.prepare(
        "SELECT l.node, l.token, l.expires_ms, l.game FROM game_leases l "
        "JOIN games g ON g.id = l.game "
        "WHERE l.expires_ms <= ?1 AND g.status IN ('open', 'playing') "
        "ORDER BY l.expires_ms LIMIT ?2");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, nowMs).bind(2, static_cast<int64_t>(limit));
    std::vector<GameLease> leases;
    Step step;
    while ((step = stmt->step()) == Step::Row) leases.push_back(leaseAt(*stmt, stmt->columnInt(3)));
    if (step == Step::Error) return std::unexpected(db.error("reading the expired leases"));
    return leases;
  });
}

}  // namespace tengen::store
