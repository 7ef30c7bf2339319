// SqliteStore's game leases (migrations/0008_game_leases.sql, 0009_node_leases.sql): a game's
// holder and token, live while the holder's row in node_leases is; the rest of the class is in
// sqlite_store.cpp. The fenced append is there too, beside the unfenced one.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using parts::kHolderExpiry;
using sqlite_parts::failed;
using sqlite_parts::Step;

// Columns node, token and the holder's expiry of a lease query.
GameLease leaseAt(const SqliteStatement& row, int64_t game) {
  return GameLease{game, row.columnBytes(0), row.columnInt(1), row.columnInt(2)};
}

// Extends `node`'s row to at least untilMs (never shortens it); gives its expiry now.
Result<int64_t> renewNode(SqliteConnection& db, const std::string& node, int64_t untilMs) {
  auto stmt = db.prepare(
      "INSERT INTO node_leases (node, expires_ms) VALUES (?1, ?2) ON CONFLICT (node) "
      "DO UPDATE SET expires_ms = max(node_leases.expires_ms, excluded.expires_ms) "
      "RETURNING expires_ms");
  if (!stmt) return std::unexpected(stmt.error());
  stmt->bindText(1, node).bind(2, untilMs);
  if (stmt->step() != Step::Row) return std::unexpected(db.error("renewing the node's lease"));
  const int64_t expiresMs = stmt->columnInt(0);
  if (stmt->step() != Step::Done) return std::unexpected(db.error("renewing the node's lease"));
  return expiresMs;
}

}  // namespace

Result<std::optional<GameLease>> SqliteStore::acquireLease(int64_t game, const std::string& node,
                                                           int64_t nowMs, int64_t ttlMs) {
  if (node.empty()) return fail("a lease needs a node name");
  std::optional<GameLease> lease;
  auto ok = write([&](SqliteConnection& db) {
    lease.reset();
    const auto expiresMs = renewNode(db, node, nowMs + ttlMs);
    if (!expiresMs) return failed(expiresMs.error());
    // Taken when free or its holder's lease expired, kept when this node's; a new holder's
    // token is one more than the last one's.
    auto stmt = db.prepare(
        std::string("INSERT INTO game_leases AS l (game, node, token) VALUES (?1, ?2, 1) "
                    "ON CONFLICT (game) DO UPDATE SET "
                    "token = CASE WHEN l.node = excluded.node THEN l.token ELSE l.token + 1 END, "
                    "node = excluded.node "
                    "WHERE l.node = excluded.node OR ") +
        kHolderExpiry + " <= ?3 RETURNING token");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, game).bindText(2, node).bind(3, nowMs);
    switch (stmt->step()) {
      case Step::Row:
        lease = GameLease{game, node, stmt->columnInt(0), *expiresMs};
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
    auto stmt =
        db.prepare("UPDATE game_leases SET node = '' WHERE game = ?1 AND node = ?2 AND token = ?3");
    if (!stmt) return failed(stmt.error());
    stmt->bind(1, lease.game).bindText(2, lease.node).bind(3, lease.token);
    return stmt->run() ? AppendResult{} : failed(db.error("releasing a game's lease"));
  });
}

Result<std::optional<GameLease>> SqliteStore::leaseOf(int64_t game) {
  return read([&](SqliteConnection& db) -> Result<std::optional<GameLease>> {
    auto stmt = db.prepare(std::string("SELECT node, token, ") + kHolderExpiry +
                           " FROM game_leases l WHERE game = ?1");
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
  if (node.empty()) return fail("a lease needs a node name");
  std::vector<int64_t> games;
  auto ok = write([&](SqliteConnection& db) {
    games.clear();
    if (auto renewed = renewNode(db, node, nowMs + ttlMs); !renewed) {
      return failed(renewed.error());
    }
    auto stmt = db.prepare(
        "SELECT game FROM game_leases WHERE node = ?1 AND game IN "
        "(SELECT id FROM games WHERE status IN ('open', 'playing')) ORDER BY game");
    if (!stmt) return failed(stmt.error());
    stmt->bindText(1, node);
    Step step;
    while ((step = stmt->step()) == Step::Row) games.push_back(stmt->columnInt(0));
    if (step == Step::Error) return failed(db.error("listing the node's leases"));
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return games;
}

Result<std::vector<GameLease>> SqliteStore::expiredLeases(int64_t nowMs, int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<GameLease>> {
    // Through the node index: the games of nobody and of the nodes that stopped renewing.
    auto stmt = db.prepare(
        "SELECT l.node, l.token, coalesce(n.expires_ms, 0) AS expiry, l.game "
        "FROM game_leases l JOIN games g ON g.id = l.game "
        "LEFT JOIN node_leases n ON n.node = l.node "
        "WHERE (l.node = '' OR l.node IN (SELECT node FROM node_leases WHERE expires_ms <= ?1)) "
        "AND g.status IN ('open', 'playing') ORDER BY expiry, l.game LIMIT ?2");
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
