// PostgresStore's lobby chat (postgres/migrations/0011_lobby_chat.sql); the rest of the class
// is in postgres_store.cpp.
#include <algorithm>

#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

using postgres_parts::failed;

Result<int64_t> PostgresStore::appendLobbyChat(const LobbyChatRow& row, int64_t keepLines) {
  int64_t id = 0;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO lobby_chat (user_id, text, created_ms) VALUES ($1, $2, $3) RETURNING id",
        PgParams().add(row.from.id).addBytes(row.text).add(row.createdMs));
    if (!rows.ok()) {
      if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("user " + std::to_string(row.from.id) + " does not exist");
      }
      return failed(db, rows, "saving a lobby chat line");
    }
    id = rows.integer(0, 0);
    // Identity values only grow, so the lines to drop are those at or below the kept window.
    PgRows pruned =
        db.query("DELETE FROM lobby_chat WHERE id <= $1", PgParams().add(id - keepLines));
    if (!pruned.ok()) return failed(db, pruned, "pruning the lobby chat");
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<std::vector<LobbyChatRow>> PostgresStore::recentLobbyChat(int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<LobbyChatRow>> {
    PgRows rows = db.query(
        "SELECT c.id, c.user_id, u.name, c.text, c.created_ms FROM lobby_chat c "
        "JOIN users u ON u.id = c.user_id ORDER BY c.id DESC LIMIT $1",
        PgParams().add(int64_t{std::max(0, limit)}));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading the lobby chat"));
    std::vector<LobbyChatRow> lines;
    for (int i = rows.size() - 1; i >= 0; --i) {
      lines.push_back(LobbyChatRow{rows.integer(i, 0),
                                   {rows.integer(i, 1), rows.bytes(i, 2)},
                                   rows.bytes(i, 3),
                                   rows.integer(i, 4)});
    }
    return lines;
  });
}

}  // namespace tengen::store
