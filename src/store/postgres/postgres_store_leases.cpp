// PostgresStore's game leases (postgres/migrations/0002_game_leases.sql, 0003_node_leases.sql):
// a game's holder and token, live while the holder's row in node_leases is; the rest of the
// class is in postgres_store.cpp, the fenced append among it.

#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using parts::kHolderExpiry;
using postgres_parts::failed;

// Columns node, token and the holder's expiry of a lease query.
GameLease leaseIn(const PgRows& rows, int64_t game, int row = 0) {
  return GameLease{game, rows.bytes(row, 0), rows.integer(row, 1), rows.integer(row, 2)};
}

// Extends `node`'s row to at least untilMs (never shortens it); gives its expiry now.
Result<int64_t> renewNode(PgConnection& db, const std::string& node, int64_t untilMs) {
  PgRows rows = db.query(
      "INSERT INTO node_leases (node, expires_ms) VALUES ($1, $2) ON CONFLICT (node) "
      "DO UPDATE SET expires_ms = GREATEST(node_leases.expires_ms, excluded.expires_ms) "
      "RETURNING expires_ms",
      PgParams().addText(node).add(untilMs));
  if (!rows.ok() || rows.size() != 1) {
    return std::unexpected(db.error(rows, "renewing the node's lease"));
  }
  return rows.integer(0, 0);
}

}  // namespace

Result<std::optional<GameLease>> PostgresStore::acquireLease(int64_t game, const std::string& node,
                                                             int64_t nowMs, int64_t ttlMs) {
  if (node.empty()) return fail("a lease needs a node name");
  std::optional<GameLease> lease;
  auto ok = write([&](PgConnection& db) {
    lease.reset();
    const auto expiresMs = renewNode(db, node, nowMs + ttlMs);
    if (!expiresMs) return failed(expiresMs.error());
    // Statement by statement, each with a fresh snapshot (read committed): a node lease
    // written by a taker that committed while this one waited must be seen, which the
    // snapshot of one upsert that waited for the row lock would not.
    PgRows created = db.query(
        "INSERT INTO game_leases (game, node, token) VALUES ($1, '', 0) "
        "ON CONFLICT (game) DO NOTHING",
        PgParams().add(game));
    if (!created.ok()) {
      if (created.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("game " + std::to_string(game) + " does not exist");
      }
      return failed(db, created, "taking a game's lease");
    }
    // Two nodes taking one lease at once: the second waits here for the first's commit.
    PgRows holder = db.query("SELECT node, token FROM game_leases WHERE game = $1 FOR UPDATE",
                             PgParams().add(game));
    if (!holder.ok() || holder.size() != 1) return failed(db, holder, "taking a game's lease");
    const std::string current = holder.bytes(0, 0);
    const int64_t token = holder.integer(0, 1);
    if (current != node) {
      PgRows expiry =
          db.query("SELECT coalesce((SELECT expires_ms FROM node_leases WHERE node = $1), 0)",
                   PgParams().addText(current));
      if (!expiry.ok()) return failed(db, expiry, "taking a game's lease");
      if (!current.empty() && expiry.integer(0, 0) > nowMs) return AppendResult{};  // live
      PgRows taken = db.query("UPDATE game_leases SET node = $2, token = $3 WHERE game = $1",
                              PgParams().add(game).addText(node).add(token + 1));
      if (!taken.ok()) return failed(db, taken, "taking a game's lease");
    }
    lease = GameLease{game, node, current == node ? token : token + 1, *expiresMs};
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return lease;
}

Result<void> PostgresStore::releaseLease(const GameLease& lease) {
  return write([&](PgConnection& db) {
    PgRows rows =
        db.query("UPDATE game_leases SET node = '' WHERE game = $1 AND node = $2 AND token = $3",
                 PgParams().add(lease.game).addText(lease.node).add(lease.token));
    return rows.ok() ? AppendResult{} : failed(db, rows, "releasing a game's lease");
  });
}

Result<std::optional<GameLease>> PostgresStore::leaseOf(int64_t game) {
  return read([&](PgConnection& db) -> Result<std::optional<GameLease>> {
    PgRows rows = db.query(
        std::string("SELECT node, token, ") + kHolderExpiry + " FROM game_leases l WHERE game = $1",
        PgParams().add(game));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading a game's lease"));
    if (rows.size() == 0) return std::optional<GameLease>{};
    return std::optional<GameLease>{leaseIn(rows, game)};
  });
}

Result<std::vector<int64_t>> PostgresStore::renewLeases(const std::string& node, int64_t nowMs,
                                                        int64_t ttlMs) {
  if (node.empty()) return fail("a lease needs a node name");
  // On a pooled connection, in autocommit, not through the group commit writer: a node busy
  // with moves must not lose its games because its beat waited behind them (at 2,000 moves/s
  // a queued beat expired and another node took the games over). One row, whatever the
  // number of games.
  return read([&](PgConnection& db) -> Result<std::vector<int64_t>> {
    if (auto renewed = renewNode(db, node, nowMs + ttlMs); !renewed) {
      return std::unexpected(renewed.error());
    }
    PgRows rows = db.query(
        "SELECT l.game FROM game_leases l JOIN games g ON g.id = l.game "
        "WHERE l.node = $1 AND g.status IN ('open', 'playing') ORDER BY l.game",
        PgParams().addText(node));
    if (!rows.ok()) return std::unexpected(db.error(rows, "listing the node's leases"));
    std::vector<int64_t> games;
    for (int i = 0; i < rows.size(); ++i) games.push_back(rows.integer(i, 0));
    return games;
  });
}

Result<std::vector<GameLease>> PostgresStore::expiredLeases(int64_t nowMs, int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<GameLease>> {
    // Through the node index: the games of nobody and of the nodes that stopped renewing.
    PgRows rows = db.query(
        "SELECT l.node, l.token, coalesce(n.expires_ms, 0) AS expiry, l.game "
        "FROM game_leases l JOIN games g ON g.id = l.game "
        "LEFT JOIN node_leases n ON n.node = l.node "
        "WHERE (l.node = '' OR l.node IN (SELECT node FROM node_leases WHERE expires_ms <= $1)) "
        "AND g.status IN ('open', 'playing') ORDER BY expiry, l.game LIMIT $2",
        PgParams().add(nowMs).add(static_cast<int64_t>(limit)));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading the expired leases"));
    std::vector<GameLease> leases;
    for (int i = 0; i < rows.size(); ++i) leases.push_back(leaseIn(rows, rows.integer(i, 3), i));
    return leases;
  });
}

}  // namespace tengen::store
