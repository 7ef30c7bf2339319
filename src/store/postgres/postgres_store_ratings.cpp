// PostgresStore's game endings and ratings; the rest of the class is in postgres_store.cpp.
#include "store/game_row_text.h"
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;
using postgres_parts::noLimitIfNegative;
using postgres_parts::nowMs;

// The user's rating in `category`, or a newcomer's when there is none yet. FOR UPDATE: two
// nodes ending two games of one player at once must not both start from the same rating.
Result<CategoryRating> readRatingForUpdate(PgConnection& db, int64_t user,
                                           const std::string& category) {
  PgRows rows = db.query(
      "SELECT rating, deviation, volatility, games FROM ratings "
      "WHERE user_id = $1 AND category = $2 FOR UPDATE",
      PgParams().add(user).addBytes(category));
  if (!rows.ok()) return std::unexpected(db.error(rows, "reading a rating"));
  CategoryRating rating;
  rating.category = category;
  if (rows.size() == 0) return rating;
  rating.rating = rows.real(0, 0);
  rating.deviation = rows.real(0, 1);
  rating.volatility = rows.real(0, 2);
  rating.games = rows.integer(0, 3);
  return rating;
}

// Stores the rating after `game` and its point of history.
Result<void> writeRating(PgConnection& db, int64_t user, int64_t game, const CategoryRating& r,
                         int64_t atMs) {
  PgRows upsert = db.query(
      "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games, updated_ms) "
      "VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (user_id, category) DO UPDATE SET "
      "rating = $3, deviation = $4, volatility = $5, games = $6, updated_ms = $7",
      PgParams()
          .add(user)
          .addBytes(r.category)
          .add(r.rating)
          .add(r.deviation)
          .add(r.volatility)
          .add(r.games)
          .add(atMs));
  if (!upsert.ok()) return std::unexpected(db.error(upsert, "writing a rating"));
  PgRows history = db.query(
      "INSERT INTO rating_history (user_id, category, game_id, rating, deviation, at_ms) "
      "VALUES ($1, $2, $3, $4, $5, $6)",
      PgParams().add(user).addBytes(r.category).add(game).add(r.rating).add(r.deviation).add(atMs));
  if (!history.ok()) return std::unexpected(db.error(history, "writing rating history"));
  return {};
}

// Both players' ratings in every category of `rating`, after `game`.
Result<void> applyRating(PgConnection& db, int64_t game, const RatedGame& rating) {
  const int64_t at = nowMs();
  for (const std::string& category : rating.categories) {
    // Locked in user id order, so that two games of the same two players ending on two nodes
    // at once wait for each other instead of deadlocking.
    const bool blackFirst = rating.blackUserId < rating.whiteUserId;
    auto first =
        readRatingForUpdate(db, blackFirst ? rating.blackUserId : rating.whiteUserId, category);
    if (!first) return std::unexpected(first.error());
    auto second =
        readRatingForUpdate(db, blackFirst ? rating.whiteUserId : rating.blackUserId, category);
    if (!second) return std::unexpected(second.error());
    auto& black = blackFirst ? first : second;
    auto& white = blackFirst ? second : first;
    const auto [blackAfter, whiteAfter] = parts::ratedAfter(rating, category, *black, *white);
    if (auto w = writeRating(db, rating.blackUserId, game, blackAfter, at); !w) return w;
    if (auto w = writeRating(db, rating.whiteUserId, game, whiteAfter, at); !w) return w;
  }
  return {};
}

RatingPoint readPoint(const PgRows& rows, int row) {
  return RatingPoint{rows.bytes(row, 0), rows.integer(row, 1), rows.real(row, 2), rows.real(row, 3),
                     rows.integer(row, 4)};
}

}  // namespace

Result<bool> PostgresStore::finishGame(int64_t game, game::GameStatus status,
                                       const std::optional<game::GameResult>& result,
                                       const std::optional<RatedGame>& rating) {
  if (!game::isOver(status)) return fail("ending a game: status must be finished or cancelled");
  bool ended = false;
  auto ok = write([&](PgConnection& db) {
    ended = false;
    // The row lock this takes makes a second node's ending of the same game wait, then find
    // it ended: a game is rated once.
    PgRows end = db.query(
        "UPDATE games SET status = $2, result = $3 "
        "WHERE id = $1 AND status IN ('open', 'playing') RETURNING rated",
        PgParams().add(game).addText(game::gameStatusName(status)).addBytes(resultText(result)));
    if (!end.ok()) {
      if (end.sqlstate() == pg_state::kCheckViolation) {
        return failed("ending a game: status must be finished or cancelled");
      }
      return failed(db, end, "ending a game");
    }
    if (end.size() == 0) {
      PgRows exists = db.query("SELECT 1 FROM games WHERE id = $1", PgParams().add(game));
      if (!exists.ok()) return failed(db, exists, "ending a game");
      if (exists.size() == 0) return failed("game " + std::to_string(game) + " not found");
      return AppendResult{};
    }
    ended = true;
    const bool rated = end.integer(0, 0) != 0;
    if (rated && rating && status == game::GameStatus::Finished) {
      if (auto applied = applyRating(db, game, *rating); !applied) {
        return failed(applied.error());
      }
    } else if (rated) {
      // Asked for, but not rated in the end (a guest, an early time-out, a cancelled table):
      // from now on the row says what happened.
      PgRows unrate =
          db.query("UPDATE games SET rated = FALSE WHERE id = $1", PgParams().add(game));
      if (!unrate.ok()) return failed(db, unrate, "ending a game");
    }
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return ended;
}

Result<std::vector<CategoryRating>> PostgresStore::ratingsOf(int64_t user) {
  return read([&](PgConnection& db) -> Result<std::vector<CategoryRating>> {
    PgRows rows = db.query(
        "SELECT category, rating, deviation, volatility, games FROM ratings "
        "WHERE user_id = $1 ORDER BY category",
        PgParams().add(user));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading ratings"));
    std::vector<CategoryRating> ratings;
    for (int i = 0; i < rows.size(); ++i) {
      ratings.push_back({rows.bytes(i, 0), rows.real(i, 1), rows.real(i, 2), rows.real(i, 3),
                         rows.integer(i, 4)});
    }
    return ratings;
  });
}

Result<std::vector<RatingPoint>> PostgresStore::ratingHistory(int64_t user, int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<RatingPoint>> {
    // The newest `limit`, returned oldest first.
    PgRows rows = db.query(
        "SELECT category, game_id, rating, deviation, at_ms FROM ("
        "  SELECT * FROM rating_history WHERE user_id = $1 ORDER BY at_ms DESC, game_id DESC "
        "  LIMIT $2) AS newest ORDER BY at_ms, game_id",
        PgParams().add(user).addOptional(noLimitIfNegative(limit)));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading rating history"));
    std::vector<RatingPoint> points;
    for (int i = 0; i < rows.size(); ++i) points.push_back(readPoint(rows, i));
    return points;
  });
}

Result<std::optional<RatingPoint>> PostgresStore::ratingAt(int64_t user,
                                                           const std::string& category,
                                                           int64_t atMs) {
  return read([&](PgConnection& db) -> Result<std::optional<RatingPoint>> {
    PgRows rows = db.query(
        "SELECT category, game_id, rating, deviation, at_ms FROM rating_history "
        "WHERE user_id = $1 AND category = $2 AND at_ms <= $3 "
        "ORDER BY at_ms DESC, game_id DESC LIMIT 1",
        PgParams().add(user).addBytes(category).add(atMs));
    if (!rows.ok()) return std::unexpected(db.error(rows, "reading a past rating"));
    if (rows.size() == 0) return std::optional<RatingPoint>{};
    return std::optional<RatingPoint>{readPoint(rows, 0)};
  });
}

}  // namespace tengen::store
