// SqliteStore's conditional moves (migrations/0013_conditional_moves.sql); the rest of the
// class is in sqlite_store.cpp.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

using sqlite_parts::failed;
using sqlite_parts::Step;

Result<std::optional<ConditionalMoves>> SqliteStore::conditionalMovesOf(int64_t game,
                                                                         int64_t user) {
  return read([&](SqliteConnection& db) -> Result<std::optional<ConditionalMoves>> {
    auto stmt = db.prepare(
        "SELECT move_number, tree FROM conditional_moves WHERE game_id = ?1 AND user_id = ?2");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, game).bind(2, user);
    Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading conditional moves"));
    if (step != Step::Row) return std::optional<ConditionalMoves>{};
    return std::optional<ConditionalMoves>{
        ConditionalMoves{stmt->columnInt(0), stmt->columnBytes(1)}};
  });
}

Result<void> SqliteStore::saveConditionalMoves(int64_t game, int64_t user,
                                               const ConditionalMoves& moves) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO conditional_moves (game_id, user_id, move_number, tree) "
        "VALUES (?1, ?2, ?3, ?4) ON CONFLICT (game_id, user_id) DO UPDATE SET "
        "move_number = excluded.move_number, tree = excluded.tree");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, game).bind(2, user).bind(3, moves.moveNumber).bindBlob(4, moves.tree);
    if (stmt->run()) return AppendResult{};
    if (stmt->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
      return failed("game " + std::to_string(game) + " or user " + std::to_string(user) +
                    " does not exist");
    }
    return failed(db.error("saving conditional moves").toString());
  });
}

Result<void> SqliteStore::dropConditionalMoves(int64_t game, int64_t user) {
  return write([&](SqliteConnection& db) {
    auto stmt =
        db.prepare("DELETE FROM conditional_moves WHERE game_id = ?1 AND user_id = ?2");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, game).bind(2, user);
    if (stmt->run()) return AppendResult{};
    return failed(db.error("dropping conditional moves").toString());
  });
}

}  // namespace tengen::store
