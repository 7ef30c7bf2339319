// SqliteStore's game settings and event-log reads; the rest of the class is in
// sqlite_store.cpp.
#include <sqlite3.h>

#include "store/game_row_text.h"
#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::nowMs;
using sqlite_parts::Step;

constexpr std::string_view kGameColumns =
    "id, size, rules, komi, handicap, free_handicap, time_control, black_user_id, "
    "white_user_id, colour_choice, owner_user_id, created_ms, status, result, rated, estimates";

// Reads the columns of kGameColumns; NULL ids (open seats, no owner) read as 0. The text
// columns are parsed (game_row_text.h): a bad one is an error naming the game and column.
Result<GameSettings> readGame(const SqliteStatement& row) {
  GameSettings g;
  g.id = row.columnInt(0);
  g.size = static_cast<int>(row.columnInt(1));
  g.handicap = static_cast<int>(row.columnInt(4));
  g.freeHandicap = row.columnInt(5) != 0;
  g.blackUserId = row.columnInt(7);
  g.whiteUserId = row.columnInt(8);
  g.ownerUserId = row.columnInt(10);
  g.createdMs = row.columnInt(11);
  g.rated = row.columnInt(14) != 0;
  g.estimates = row.columnInt(15) != 0;
  const GameRowText text{row.columnBytes(2), row.columnDouble(3), row.columnBytes(6),
                         row.columnBytes(9), row.columnBytes(12), row.columnBytes(13)};
  if (auto ok = readGameRowText(text, g); !ok) return std::unexpected(ok.error());
  return g;
}

// Every row of a listing statement, or the first that does not read.
Result<std::vector<GameSettings>> readGames(SqliteConnection& db, SqliteStatement& stmt,
                                            const std::string& doing) {
  std::vector<GameSettings> games;
  Step step;
  while ((step = stmt.step()) == Step::Row) {
    auto game = readGame(stmt);
    if (!game) return std::unexpected(game.error());
    games.push_back(std::move(*game));
  }
  if (step == Step::Error) return std::unexpected(db.error(doing));
  return games;
}

// What a failed game write means, in words a server log reader can act on.
AppendResult gameWriteFailed(SqliteConnection& db, const SqliteStatement& stmt,
                             const std::string& doing) {
  switch (stmt.extendedCode()) {
    case SQLITE_CONSTRAINT_FOREIGNKEY:
      return failed(doing + ": a user id does not exist");
    case SQLITE_CONSTRAINT_CHECK:
      return failed(doing + ": status must be open, playing, finished or cancelled");
    default:
      return failed(db.error(doing).toString());
  }
}

// Runs an UPDATE of one game; no matching row is an error naming the game.
AppendResult updateOne(SqliteConnection& db, SqliteStatement& stmt, int64_t game,
                       const std::string& doing) {
  if (!stmt.run()) return gameWriteFailed(db, stmt, doing);
  if (stmt.changes() == 0) return failed(doing + ": game " + std::to_string(game) + " not found");
  return AppendResult{};
}

Result<std::vector<GameEvent>> readEvents(SqliteConnection& db, int64_t game, int64_t afterSeq) {
  auto stmt = db.prepare(
      "SELECT seq, type, payload, time_ms FROM game_events "
      "WHERE game = ?1 AND seq > ?2 ORDER BY seq");
  if (!stmt) return std::unexpected(stmt.error());
  stmt->bind(1, game).bind(2, afterSeq);
  std::vector<GameEvent> events;
  Step step;
  while ((step = stmt->step()) == Step::Row) {
    events.push_back(GameEvent{game, stmt->columnInt(0), stmt->columnBytes(1), stmt->columnBytes(2),
                               stmt->columnInt(3)});
  }
  if (step == Step::Error) return std::unexpected(db.error("reading game events"));
  return events;
}

}  // namespace

Result<int64_t> SqliteStore::createGame(GameSettings g) {
  if (g.createdMs == 0) g.createdMs = nowMs();
  int64_t id = 0;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO games (size, rules, komi, handicap, free_handicap, time_control, "
        "black_user_id, white_user_id, colour_choice, owner_user_id, created_ms, status, result, "
        "rated, estimates) VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13, ?14, "
        "?15)");
    if (!stmt) return failed(stmt.error().toString());
    const GameRowText text = gameRowText(g);
    stmt->bind(1, int64_t{g.size}).bindText(2, text.rules).bind(3, text.komi);
    stmt->bind(4, int64_t{g.handicap}).bind(5, int64_t{g.freeHandicap});
    stmt->bindText(6, text.timeControl).bindIdOrNull(7, g.blackUserId);
    stmt->bindIdOrNull(8, g.whiteUserId).bindText(9, text.colourChoice);
    stmt->bindIdOrNull(10, g.ownerUserId).bind(11, g.createdMs);
    stmt->bindText(12, text.status).bindText(13, text.result).bind(14, int64_t{g.rated});
    stmt->bind(15, int64_t{g.estimates});
    if (!stmt->run()) return gameWriteFailed(db, *stmt, "creating a game");
    id = stmt->lastInsertRowid();
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<void> SqliteStore::updateGameSeats(int64_t game, int64_t blackUserId, int64_t whiteUserId) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare("UPDATE games SET black_user_id = ?2, white_user_id = ?3 WHERE id = ?1");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, game).bindIdOrNull(2, blackUserId).bindIdOrNull(3, whiteUserId);
    return updateOne(db, *stmt, game, "updating seats");
  });
}

Result<void> SqliteStore::updateGameStatus(int64_t game, game::GameStatus status) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare("UPDATE games SET status = ?2 WHERE id = ?1");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, game).bindText(2, std::string(game::gameStatusName(status)));
    return updateOne(db, *stmt, game, "updating status");
  });
}

Result<void> SqliteStore::updateGameResult(int64_t game, game::GameStatus status,
                                           const std::optional<game::GameResult>& result) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare("UPDATE games SET status = ?2, result = ?3 WHERE id = ?1");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, game).bindText(2, std::string(game::gameStatusName(status)));
    stmt->bindText(3, resultText(result));
    return updateOne(db, *stmt, game, "updating result");
  });
}

Result<std::optional<LoadedGame>> SqliteStore::loadGame(int64_t game) {
  return read([&](SqliteConnection& db) -> Result<std::optional<LoadedGame>> {
    LoadedGame loaded;
    {
      auto stmt = db.prepare("SELECT " + std::string(kGameColumns) + " FROM games WHERE id = ?1");
      if (!stmt) return std::unexpected(stmt.error());
      stmt->bind(1, game);
      const Step step = stmt->step();
      if (step == Step::Done) return std::nullopt;
      if (step == Step::Error) return std::unexpected(db.error("loading a game"));
      auto settings = readGame(*stmt);
      if (!settings) return std::unexpected(settings.error());
      loaded.settings = std::move(*settings);
    }
    auto events = readEvents(db, game, 0);
    if (!events) return std::unexpected(events.error());
    loaded.events = std::move(*events);
    return loaded;
  });
}

Result<std::vector<GameEvent>> SqliteStore::loadEvents(int64_t game, int64_t afterSeq) {
  return read([&](SqliteConnection& db) { return readEvents(db, game, afterSeq); });
}

Result<std::vector<GameSettings>> SqliteStore::listGames(std::optional<game::GameStatus> status,
                                                         int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<GameSettings>> {
    // Two fixed texts rather than "?1 = '' OR status = ?1", which would not use the index.
    auto stmt = !status ? db.prepare("SELECT " + std::string(kGameColumns) +
                                     " FROM games ORDER BY id DESC LIMIT ?2")
                        : db.prepare("SELECT " + std::string(kGameColumns) +
                                     " FROM games WHERE status = ?1 ORDER BY id DESC LIMIT ?2");
    if (!stmt) return std::unexpected(stmt.error());
    if (status) stmt->bindText(1, std::string(game::gameStatusName(*status)));
    stmt->bind(2, int64_t{limit});
    return readGames(db, *stmt, "listing games");
  });
}

Result<std::vector<GameSettings>> SqliteStore::listFinishedGamesOf(int64_t user, int size,
                                                                   int offset, int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<GameSettings>> {
    // A union of the two seat indexes (games_by_black, games_by_white) rather than an OR,
    // which would scan the table.
    auto stmt = db.prepare("SELECT " + std::string(kGameColumns) +
                           " FROM games WHERE id IN ("
                           "SELECT id FROM games WHERE black_user_id = ?1 UNION "
                           "SELECT id FROM games WHERE white_user_id = ?1) "
                           "AND status = 'finished' AND (?2 = 0 OR size = ?2) "
                           "ORDER BY id DESC LIMIT ?4 OFFSET ?3");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user).bind(2, int64_t{size}).bind(3, int64_t{offset}).bind(4, int64_t{limit});
    return readGames(db, *stmt, "listing a player's games");
  });
}

}  // namespace tengen::store
