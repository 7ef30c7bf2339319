// SqliteStore's game endings and ratings (migrations/0005_ratings.sql); the rest of the class
// is in sqlite_store.cpp.
#include <sqlite3.h>

#include "store/game_row_text.h"
#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::nowMs;
using sqlite_parts::Step;

// The user's rating in `category`, or a newcomer's when there is none yet.
Result<CategoryRating> readRating(SqliteConnection& db, int64_t user, const std::string& category) {
  auto stmt = db.prepare(
      "SELECT rating, deviation, volatility, games FROM ratings "
      "WHERE user_id = ?1 AND category = ?2");
  if (!stmt) return std::unexpected(stmt.error());
  stmt->bind(1, user).bindText(2, category);
  CategoryRating rating;
  rating.category = category;
  switch (stmt->step()) {
    case Step::Row:
      rating.rating = stmt->columnDouble(0);
      rating.deviation = stmt->columnDouble(1);
      rating.volatility = stmt->columnDouble(2);
      rating.games = stmt->columnInt(3);
      return rating;
    case Step::Done:
      return rating;
    default:
      return std::unexpected(db.error("reading a rating"));
  }
}

// Stores the rating after `game` and its point of history.
Result<void> writeRating(SqliteConnection& db, int64_t user, int64_t game, const CategoryRating& r,
                         int64_t atMs) {
  auto upsert = db.prepare(
      "INSERT INTO ratings (user_id, category, rating, deviation, volatility, games, updated_ms) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7) ON CONFLICT (user_id, category) DO UPDATE SET "
      "rating = ?3, deviation = ?4, volatility = ?5, games = ?6, updated_ms = ?7");
  if (!upsert) return std::unexpected(upsert.error());
  upsert->bind(1, user).bindText(2, r.category).bind(3, r.rating).bind(4, r.deviation);
  upsert->bind(5, r.volatility).bind(6, r.games).bind(7, atMs);
  if (!upsert->run()) return std::unexpected(db.error("writing a rating"));
  auto history = db.prepare(
      "INSERT INTO rating_history (user_id, category, game_id, rating, deviation, at_ms) "
      "VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
  if (!history) return std::unexpected(history.error());
  history->bind(1, user).bindText(2, r.category).bind(3, game).bind(4, r.rating);
  history->bind(5, r.deviation).bind(6, atMs);
  if (!history->run()) return std::unexpected(db.error("writing rating history"));
  return {};
}

// Both players' ratings in every category of `rating`, after `game`.
Result<void> applyRating(SqliteConnection& db, int64_t game, const RatedGame& rating) {
  const int64_t at = nowMs();
  for (const std::string& category : rating.categories) {
    auto black = readRating(db, rating.blackUserId, category);
    if (!black) return std::unexpected(black.error());
    auto white = readRating(db, rating.whiteUserId, category);
    if (!white) return std::unexpected(white.error());
    const auto [blackAfter, whiteAfter] = parts::ratedAfter(rating, category, *black, *white);
    if (auto w = writeRating(db, rating.blackUserId, game, blackAfter, at); !w) return w;
    if (auto w = writeRating(db, rating.whiteUserId, game, whiteAfter, at); !w) return w;
  }
  return {};
}

}  // namespace

Result<bool> SqliteStore::finishGame(int64_t game, game::GameStatus status,
                                     const std::optional<game::GameResult>& result,
                                     const std::optional<RatedGame>& rating) {
  if (!game::isOver(status)) return fail("ending a game: status must be finished or cancelled");
  bool ended = false;
  auto ok = write([&](SqliteConnection& db) {
    ended = false;
    auto end = db.prepare(
        "UPDATE games SET status = ?2, result = ?3 "
        "WHERE id = ?1 AND status IN ('open', 'playing') RETURNING rated");
    if (!end) return failed(end.error().toString());
    end->bind(1, game).bindText(2, std::string(game::gameStatusName(status)));
    end->bindText(3, resultText(result));
    bool rated = false;
    switch (end->step()) {
      case Step::Row:
        ended = true;
        rated = end->columnInt(0) != 0;
        if (end->step() != Step::Done) return failed(db.error("ending a game").toString());
        break;
      case Step::Done:
        break;
      default:
        if (end->extendedCode() == SQLITE_CONSTRAINT_CHECK) {
          return failed("ending a game: status must be finished or cancelled");
        }
        return failed(db.error("ending a game").toString());
    }
    if (!ended) {
      auto exists = db.prepare("SELECT 1 FROM games WHERE id = ?1");
      if (!exists) return failed(exists.error().toString());
      exists->bind(1, game);
      if (exists->step() != Step::Row) return failed("game " + std::to_string(game) + " not found");
      return AppendResult{};
    }
    if (rated && rating && status == game::GameStatus::Finished) {
      if (auto applied = applyRating(db, game, *rating); !applied) {
        return failed(applied.error().toString());
      }
    } else if (rated) {
      // Asked for, but not rated in the end (a guest, an early time-out, a cancelled table):
      // from now on the row says what happened.
      auto unrate = db.prepare("UPDATE games SET rated = 0 WHERE id = ?1");
      if (!unrate) return failed(unrate.error().toString());
      unrate->bind(1, game);
      if (!unrate->run()) return failed(db.error("ending a game").toString());
    }
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return ended;
}

Result<std::vector<CategoryRating>> SqliteStore::ratingsOf(int64_t user) {
  return read([&](SqliteConnection& db) -> Result<std::vector<CategoryRating>> {
    auto stmt = db.prepare(
        "SELECT category, rating, deviation, volatility, games FROM ratings "
        "WHERE user_id = ?1 ORDER BY category");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user);
    std::vector<CategoryRating> ratings;
    Step step;
    while ((step = stmt->step()) == Step::Row) {
      ratings.push_back({stmt->columnBytes(0), stmt->columnDouble(1), stmt->columnDouble(2),
                         stmt->columnDouble(3), stmt->columnInt(4)});
    }
    if (step == Step::Error) return std::unexpected(db.error("reading ratings"));
    return ratings;
  });
}

Result<std::vector<RatingPoint>> SqliteStore::ratingHistory(int64_t user, int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<RatingPoint>> {
    // The newest `limit`, returned oldest first.
    auto stmt = db.prepare(
        "SELECT category, game_id, rating, deviation, at_ms FROM ("
        "  SELECT * FROM rating_history WHERE user_id = ?1 ORDER BY at_ms DESC, game_id DESC "
        "  LIMIT ?2) ORDER BY at_ms, game_id");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user).bind(2, int64_t{limit});
    std::vector<RatingPoint> points;
    Step step;
    while ((step = stmt->step()) == Step::Row) {
      points.push_back({stmt->columnBytes(0), stmt->columnInt(1), stmt->columnDouble(2),
                        stmt->columnDouble(3), stmt->columnInt(4)});
    }
    if (step == Step::Error) return std::unexpected(db.error("reading rating history"));
    return points;
  });
}

Result<std::optional<RatingPoint>> SqliteStore::ratingAt(int64_t user, const std::string& category,
                                                         int64_t atMs) {
  return read([&](SqliteConnection& db) -> Result<std::optional<RatingPoint>> {
    auto stmt = db.prepare(
        "SELECT category, game_id, rating, deviation, at_ms FROM rating_history "
        "WHERE user_id = ?1 AND category = ?2 AND at_ms <= ?3 "
        "ORDER BY at_ms DESC, game_id DESC LIMIT 1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user).bindText(2, category).bind(3, atMs);
    const Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("reading a past rating"));
    if (step == Step::Done) return std::optional<RatingPoint>{};
    return std::optional<RatingPoint>{RatingPoint{stmt->columnBytes(0), stmt->columnInt(1),
                                                  stmt->columnDouble(2), stmt->columnDouble(3),
                                                  stmt->columnInt(4)}};
  });
}

}  // namespace tengen::store
