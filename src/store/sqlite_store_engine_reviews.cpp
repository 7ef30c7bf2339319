// SqliteStore's engine reviews (migrations/0016_engine_reviews.sql); the rest of the class is
// in sqlite_store.cpp.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

using sqlite_parts::failed;
using sqlite_parts::Step;

Result<std::optional<EngineReview>> SqliteStore::engineReviewOf(int64_t game, int64_t playouts) {
  return read([&](SqliteConnection& db) -> Result<std::optional<EngineReview>> {
    auto head =
        db.prepare("SELECT created_ms FROM engine_reviews WHERE game_id = ?1 AND playouts = ?2");
    if (!head) return std::unexpected(head.error());
    head->bind(1, game).bind(2, playouts);
    Step step = head->step();
    if (step == Step::Error) return std::unexpected(db.error("reading an engine review"));
    if (step != Step::Row) return std::optional<EngineReview>{};
    EngineReview review{playouts, head->columnInt(0), {}};
    auto rows = db.prepare(
        "SELECT move_number, black_win_rate, black_margin, black_to_move, best_move FROM "
        "engine_review_positions WHERE game_id = ?1 AND playouts = ?2 ORDER BY move_number");
    if (!rows) return std::unexpected(rows.error());
    rows->bind(1, game).bind(2, playouts);
    while ((step = rows->step()) == Step::Row) {
      review.positions.push_back(
          EngineReviewPosition{rows->columnInt(0), rows->columnDouble(1), rows->columnDouble(2),
                               rows->columnInt(3) != 0, rows->columnBytes(4)});
    }
    if (step == Step::Error) return std::unexpected(db.error("reading an engine review"));
    return std::optional<EngineReview>{std::move(review)};
  });
}

Result<void> SqliteStore::saveEngineReview(int64_t game, const EngineReview& review) {
  return write([&](SqliteConnection& db) {
    auto head = db.prepare(
        "INSERT INTO engine_reviews (game_id, playouts, created_ms) VALUES (?1, ?2, ?3) "
        "ON CONFLICT (game_id, playouts) DO NOTHING");
    if (!head) return failed(head.error().toString());
    head->bind(1, game).bind(2, review.playouts).bind(3, review.createdMs);
    if (!head->run()) {
      if (head->extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
        return failed("game " + std::to_string(game) + " does not exist");
      }
      return failed(db.error("saving an engine review").toString());
    }
    if (head->changes() == 0) return AppendResult{};  // saved before: kept as it is
    for (const EngineReviewPosition& position : review.positions) {
      // The cache hands back the same statement, reset, each time.
      auto row = db.prepare(
          "INSERT INTO engine_review_positions (game_id, playouts, move_number, "
          "black_win_rate, black_margin, black_to_move, best_move) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)");
      if (!row) return failed(row.error().toString());
      row->bind(1, game)
          .bind(2, review.playouts)
          .bind(3, position.moveNumber)
          .bind(4, position.blackWinRate)
          .bind(5, position.blackMargin)
          .bind(6, int64_t{position.blackToMove ? 1 : 0})
          .bindText(7, position.bestMove);
      if (!row->run()) return failed(db.error("saving an engine review's positions").toString());
    }
    return AppendResult{};
  });
}

}  // namespace tengen::store
