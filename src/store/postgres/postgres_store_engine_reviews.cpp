// PostgresStore's engine reviews (postgres/migrations/0010_engine_reviews.sql); the rest of
// the class is in postgres_store.cpp.
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

using postgres_parts::failed;

Result<std::optional<EngineReview>> PostgresStore::engineReviewOf(int64_t game, int64_t playouts) {
  return read(
      [&](PgConnection& db) -> Result<std::optional<EngineReview>> {
        PgRows head =
            db.query("SELECT created_ms FROM engine_reviews WHERE game_id = $1 AND playouts = $2",
                     PgParams().add(game).add(playouts));
        if (!head.ok()) return std::unexpected(db.error(head, "reading an engine review"));
        if (head.size() == 0) return std::optional<EngineReview>{};
        EngineReview review{playouts, head.integer(0, 0), {}};
        PgRows rows = db.query(
            "SELECT move_number, black_win_rate, black_margin, black_to_move, best_move FROM "
            "engine_review_positions WHERE game_id = $1 AND playouts = $2 ORDER BY move_number",
            PgParams().add(game).add(playouts));
        if (!rows.ok()) return std::unexpected(db.error(rows, "reading an engine review"));
        for (int i = 0; i < rows.size(); ++i) {
          review.positions.push_back(EngineReviewPosition{rows.integer(i, 0), rows.real(i, 1),
                                                          rows.real(i, 2), rows.integer(i, 3) != 0,
                                                          rows.bytes(i, 4)});
        }
        return std::optional<EngineReview>{std::move(review)};
      },
      true);  // one snapshot: the head and its positions as one save wrote them
}

Result<void> PostgresStore::saveEngineReview(int64_t game, const EngineReview& review) {
  return write([&](PgConnection& db) {
    PgRows head = db.query(
        "INSERT INTO engine_reviews (game_id, playouts, created_ms) VALUES ($1, $2, $3) "
        "ON CONFLICT (game_id, playouts) DO NOTHING",
        PgParams().add(game).add(review.playouts).add(review.createdMs));
    if (!head.ok()) {
      if (head.sqlstate() == pg_state::kForeignKeyViolation) {
        return failed("game " + std::to_string(game) + " does not exist");
      }
      return failed(db, head, "saving an engine review");
    }
    if (head.affected() == 0) return AppendResult{};  // saved before: kept as it is
    for (const EngineReviewPosition& position : review.positions) {
      PgRows row = db.query(
          "INSERT INTO engine_review_positions (game_id, playouts, move_number, "
          "black_win_rate, black_margin, black_to_move, best_move) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7)",
          PgParams()
              .add(game)
              .add(review.playouts)
              .add(position.moveNumber)
              .add(position.blackWinRate)
              .add(position.blackMargin)
              .add(position.blackToMove)
              .addText(position.bestMove));
      if (!row.ok()) return failed(db, row, "saving an engine review's positions");
    }
    return AppendResult{};
  });
}

}  // namespace tengen::store
