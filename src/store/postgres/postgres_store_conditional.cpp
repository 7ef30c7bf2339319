// PostgresStore's conditional moves (postgres/migrations/0007_conditional_moves.sql); the rest of
// the class is in postgres_store.cpp.
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

using postgres_parts::failed;

Result<std::optional<ConditionalMoves>> PostgresStore::conditionalMovesOf(int64_t game,
                                                                          int64_t user) {
  return read([&](PgConnection& db) -> Result<std::optional<ConditionalMoves>> {
    PgRows rows = db.query(
        "SELECT move_number, tree FROM conditional_moves WHERE game_id = $1 AND user_id = $2",
        PgParams().add(game).add(user));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading conditional moves"));
    if (rows.size() == 0) return std::optional<ConditionalMoves>{};
    return std::optional<ConditionalMoves>{ConditionalMoves{rows.integer(0, 0), rows.bytes(0, 1)}};
  });
}

Result<void> PostgresStore::saveConditionalMoves(int64_t game, int64_t user,
                                                 const ConditionalMoves& moves) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO conditional_moves (game_id, user_id, move_number, tree) "
        "VALUES ($1, $2, $3, $4) ON CONFLICT (game_id, user_id) DO UPDATE SET "
        "move_number = excluded.move_number, tree = excluded.tree",
        PgParams().add(game).add(user).add(moves.moveNumber).addBytes(moves.tree));
    if (rows.ok()) return AppendResult{};
    if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
      return failed("game " + std::to_string(game) + " or user " + std::to_string(user) +
                    " does not exist");
    }
    return failed(db, rows, "saving conditional moves");
  });
}

Result<void> PostgresStore::dropConditionalMoves(int64_t game, int64_t user) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query("DELETE FROM conditional_moves WHERE game_id = $1 AND user_id = $2",
                           PgParams().add(game).add(user));
    return rows.ok() ? AppendResult{} : failed(db, rows, "dropping conditional moves");
  });
}

}  // namespace tengen::store
