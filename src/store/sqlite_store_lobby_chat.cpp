// SqliteStore's lobby chat (migrations/0017_lobby_chat.sql); the rest of the class is in
// sqlite_store.cpp.
#include <sqlite3.h>

#include <algorithm>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

using sqlite_parts::failed;
using sqlite_parts::Step;

Result<int64_t> SqliteStore::appendLobbyChat(const LobbyChatRow& row, int64_t keepLines) {
  int64_t id = 0;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt =
        db.prepare("INSERT INTO lobby_chat (user_id, text, created_ms) VALUES (?1, ?2, ?3)");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, row.from.id).bindText(2, row.text).bind(3, row.createdMs);
    if (!stmt->run()) {
      if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
        return failed("user " + std::to_string(row.from.id) + " does not exist");
      }
      return failed(db.error("saving a lobby chat line").toString());
    }
    id = stmt->lastInsertRowid();
    // Ids only grow, so the lines to drop are those at or below the kept window.
    auto prune = db.prepare("DELETE FROM lobby_chat WHERE id <= ?1");
    if (!prune) return failed(prune.error().toString());
    prune->bind(1, id - keepLines);
    if (!prune->run()) return failed(db.error("pruning the lobby chat").toString());
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<std::vector<LobbyChatRow>> SqliteStore::recentLobbyChat(int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<LobbyChatRow>> {
    auto stmt = db.prepare(
        "SELECT c.id, c.user_id, u.name, c.text, c.created_ms FROM lobby_chat c "
        "JOIN users u ON u.id = c.user_id ORDER BY c.id DESC LIMIT ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, int64_t{std::max(0, limit)});
    std::vector<LobbyChatRow> rows;
    Step step;
    while ((step = stmt->step()) == Step::Row) {
      rows.push_back(LobbyChatRow{stmt->columnInt(0),
                                  {stmt->columnInt(1), stmt->columnBytes(2)},
                                  stmt->columnBytes(3),
                                  stmt->columnInt(4)});
    }
    if (step == Step::Error) return std::unexpected(db.error("reading the lobby chat"));
    std::reverse(rows.begin(), rows.end());
    return rows;
  });
}

}  // namespace tengen::store
