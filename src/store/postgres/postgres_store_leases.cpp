// PostgresStore's game leases (postgres/migrations/0002_game_leases.sql); the rest of the
// class is in postgres_store.cpp, the fenced append among it.
#include <algorithm>

#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;

GameLease leaseIn(const PgRows& rows, int64_t game, int row = 0) {
  return GameLease{game, rows.bytes(row, 0), rows.integer(row, 1), rows.integer(row, 2)};
}

}  // namespace

Result<std::optional<GameLease>> PostgresStore::acquireLease(int64_t game, const std::string& node,
                                                             int64_t nowMs, int64_t ttlMs) {
  std::optional<GameLease> lease;
  auto ok = write([&](PgConnection& db) {
    lease.reset();
    // Two nodes taking one lease at once: the second's upsert waits for the first's row
    // lock, then finds the first's live lease and returns no row.
    PgRows rows = db.query(
        "INSERT INTO game_leases (game, node, token, expires_ms) VALUES ($1, $2, 1, $4) "
        "ON CONFLICT (game) DO UPDATE SET "
        "token = CASE WHEN game_leases.node = excluded.node THEN game_leases.token "
        "ELSE game_leases.token + 1 END, "
        "node = excluded.node, expires_ms = excluded.expires_ms "
        "WHERE game_leases.node = excluded.node OR game_leases.expires_ms <= $3 "
        "RETURNING node, token, expires_ms",
        PgParams().add(game).addText(node).add(nowMs).add(nowMs + ttlMs));
    if (!rows.ok()) {
      if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("game " + std::to_string(game) + " does not exist");
      }
      return failed(db, rows, "taking a game's lease");
    }
    if (rows.size() == 1) lease = leaseIn(rows, game);
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return lease;
}

Result<void> PostgresStore::releaseLease(const GameLease& lease) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE game_leases SET expires_ms = 0 WHERE game = $1 AND node = $2 AND token = $3",
        PgParams().add(lease.game).addText(lease.node).add(lease.token));
    return rows.ok() ? AppendResult{} : failed(db, rows, "releasing a game's lease");
  });
}

Result<std::optional<GameLease>> PostgresStore::leaseOf(int64_t game) {
  return read([&](PgConnection& db) -> Result<std::optional<GameLease>> {
    PgRows rows = db.query("SELECT node, token, expires_ms FROM game_leases WHERE game = $1",
                           PgParams().add(game));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading a game's lease"));
    if (rows.size() == 0) return std::optional<GameLease>{};
    return std::optional<GameLease>{leaseIn(rows, game)};
  });
}

Result<std::vector<int64_t>> PostgresStore::renewLeases(const std::string& node, int64_t nowMs,
                                                        int64_t ttlMs) {
  std::vector<int64_t> games;
  auto ok = write([&](PgConnection& db) {
    games.clear();
    PgRows rows = db.query(
        "UPDATE game_leases SET expires_ms = $2 WHERE node = $1 AND game IN "
        "(SELECT id FROM games WHERE status IN ('open', 'playing')) RETURNING game",
        PgParams().addText(node).add(nowMs + ttlMs));
    if (!rows.ok()) return failed(db.error(rows, "renewing the leases"));
    for (int i = 0; i < rows.size(); ++i) games.push_back(rows.integer(i, 0));
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  std::ranges::sort(games);
  return games;
}

Result<std::vector<GameLease>> PostgresStore::expiredLeases(int64_t nowMs, int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<GameLease>> {
    PgRows rows = db.query(
        "SELECT l.node, l.token, l.expires_ms, l.game FROM game_leases l "
        "JOIN games g ON g.id = l.game "
        "WHERE l.expires_ms <= $1 AND g.status IN ('open', 'playing') "
        "ORDER BY l.expires_ms LIMIT $2",
        PgParams().add(nowMs).add(static_cast<int64_t>(limit)));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading the expired leases"));
    std::vector<GameLease> leases;
    for (int i = 0; i < rows.size(); ++i) leases.push_back(leaseIn(rows, rows.integer(i, 3), i));
    return leases;
  });
}

}  // namespace tengen::store
