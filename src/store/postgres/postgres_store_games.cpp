// PostgresStore's game settings and event-log reads; the rest of the class is in
// postgres_store.cpp.
#include "store/game_row_text.h"
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;
using postgres_parts::noLimitIfNegative;
using postgres_parts::nowMs;

constexpr std::string_view kGameColumns =
    "id, size, rules, komi, handicap, free_handicap, time_control, black_user_id, "
    "white_user_id, colour_choice, owner_user_id, created_ms, status, result, rated, estimates";

// Reads the columns of kGameColumns; NULL ids (open seats, no owner) read as 0. The text
// columns are parsed (game_row_text.h): a bad one is an error naming the game and column.
Result<GameSettings> readGame(const PgRows& rows, int row) {
  GameSettings g;
  g.id = rows.integer(row, 0);
  g.size = static_cast<int>(rows.integer(row, 1));
  g.handicap = static_cast<int>(rows.integer(row, 4));
  g.freeHandicap = rows.integer(row, 5) != 0;
  g.blackUserId = rows.integer(row, 7);
  g.whiteUserId = rows.integer(row, 8);
  g.ownerUserId = rows.integer(row, 10);
  g.createdMs = rows.integer(row, 11);
  g.rated = rows.integer(row, 14) != 0;
  g.estimates = rows.integer(row, 15) != 0;
  const GameRowText text{rows.bytes(row, 2), rows.real(row, 3),   rows.bytes(row, 6),
                         rows.bytes(row, 9), rows.bytes(row, 12), rows.bytes(row, 13)};
  if (auto ok = readGameRowText(text, g); !ok) return std::unexpected(ok.error());
  return g;
}

Result<std::vector<GameSettings>> readGames(PgConnection& db, const PgRows& rows,
                                            std::string_view doing) {
  if (!rows.ok()) return std::unexpected(db.error(rows, doing));
  std::vector<GameSettings> games;
  games.reserve(static_cast<size_t>(rows.size()));
  for (int i = 0; i < rows.size(); ++i) {
    auto game = readGame(rows, i);
    if (!game) return std::unexpected(game.error());
    games.push_back(std::move(*game));
  }
  return games;
}

// What a failed game write means, in words a server log reader can act on.
AppendResult gameWriteFailed(const PgConnection& db, const PgRows& rows, const std::string& doing) {
  if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
    return failed(doing + ": a user id does not exist");
  }
  if (rows.sqlstate() == pg_state::kCheckViolation) {
    return failed(doing + ": status must be open, playing, finished or cancelled");
  }
  return failed(db, rows, doing);
}

// Runs an UPDATE of one game; no matching row is an error naming the game.
AppendResult updateOne(PgConnection& db, std::string_view sql, const PgParams& params, int64_t game,
                       const std::string& doing) {
  PgRows rows = db.query(sql, params);
  if (!rows.ok()) return gameWriteFailed(db, rows, doing);
  if (rows.affected() == 0) return failed(doing + ": game " + std::to_string(game) + " not found");
  return AppendResult{};
}

Result<std::vector<GameEvent>> readEvents(PgConnection& db, int64_t game, int64_t afterSeq) {
  PgRows rows = db.query(
      "SELECT seq, type, payload, time_ms FROM game_events "
      "WHERE game = $1 AND seq > $2 ORDER BY seq",
      PgParams().add(game).add(afterSeq));
  if (!rows.ok()) return std::unexpected(db.error(rows, "reading game events"));
  std::vector<GameEvent> events;
  events.reserve(static_cast<size_t>(rows.size()));
  for (int i = 0; i < rows.size(); ++i) {
    events.push_back(GameEvent{game, rows.integer(i, 0), rows.bytes(i, 1), rows.bytes(i, 2),
                               rows.integer(i, 3)});
  }
  return events;
}

}  // namespace

Result<int64_t> PostgresStore::createGame(GameSettings g) {
  if (g.createdMs == 0) g.createdMs = nowMs();
  const GameRowText text = gameRowText(g);
  int64_t id = 0;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO games (size, rules, komi, handicap, free_handicap, time_control, "
        "black_user_id, white_user_id, colour_choice, owner_user_id, created_ms, status, result, "
        "rated, estimates) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, "
        "$15) RETURNING id",
        PgParams()
            .add(int64_t{g.size})
            .addBytes(text.rules)
            .add(text.komi)
            .add(int64_t{g.handicap})
            .add(g.freeHandicap)
            .addBytes(text.timeControl)
            .addIdOrNull(g.blackUserId)
            .addIdOrNull(g.whiteUserId)
            .addBytes(text.colourChoice)
            .addIdOrNull(g.ownerUserId)
            .add(g.createdMs)
            .addText(text.status)
            .addBytes(text.result)
            .add(g.rated)
            .add(g.estimates));
    if (!rows.ok()) return gameWriteFailed(db, rows, "creating a game");
    id = rows.integer(0, 0);
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<void> PostgresStore::updateGameSeats(int64_t game, int64_t blackUserId,
                                            int64_t whiteUserId) {
  return write([&](PgConnection& db) {
    return updateOne(db, "UPDATE games SET black_user_id = $2, white_user_id = $3 WHERE id = $1",
                     PgParams().add(game).addIdOrNull(blackUserId).addIdOrNull(whiteUserId), game,
                     "updating seats");
  });
}

Result<void> PostgresStore::updateGameStatus(int64_t game, game::GameStatus status) {
  return write([&](PgConnection& db) {
    return updateOne(db, "UPDATE games SET status = $2 WHERE id = $1",
                     PgParams().add(game).addText(game::gameStatusName(status)), game,
                     "updating status");
  });
}

Result<void> PostgresStore::updateGameResult(int64_t game, game::GameStatus status,
                                             const std::optional<game::GameResult>& result) {
  return write([&](PgConnection& db) {
    return updateOne(
        db, "UPDATE games SET status = $2, result = $3 WHERE id = $1",
        PgParams().add(game).addText(game::gameStatusName(status)).addBytes(resultText(result)),
        game, "updating result");
  });
}

Result<std::optional<LoadedGame>> PostgresStore::loadGame(int64_t game) {
  return read(
      [&](PgConnection& db) -> Result<std::optional<LoadedGame>> {
        PgRows rows = db.query("SELECT " + std::string(kGameColumns) + " FROM games WHERE id = $1",
                               PgParams().add(game));
        if (!rows.ok()) return std::unexpected(db.error(rows, "loading a game"));
        if (rows.size() == 0) return std::nullopt;
        LoadedGame loaded;
        auto settings = readGame(rows, 0);
        if (!settings) return std::unexpected(settings.error());
        loaded.settings = std::move(*settings);
        auto events = readEvents(db, game, 0);
        if (!events) return std::unexpected(events.error());
        loaded.events = std::move(*events);
        return loaded;
      },
      /*snapshot=*/true);
}

Result<std::vector<GameEvent>> PostgresStore::loadEvents(int64_t game, int64_t afterSeq) {
  return read([&](PgConnection& db) { return readEvents(db, game, afterSeq); });
}

Result<std::vector<GameSettings>> PostgresStore::listGames(std::optional<game::GameStatus> status,
                                                           int limit) {
  return read([&](PgConnection& db) {
    const std::optional<int64_t> bound = noLimitIfNegative(limit);
    // Two fixed texts rather than "$1 = '' OR status = $1", which would not use the index.
    if (!status) {
      return readGames(
          db,
          db.query("SELECT " + std::string(kGameColumns) + " FROM games ORDER BY id DESC LIMIT $1",
                   PgParams().addOptional(bound)),
          "listing games");
    }
    return readGames(db,
                     db.query("SELECT " + std::string(kGameColumns) +
                                  " FROM games WHERE status = $1 ORDER BY id DESC LIMIT $2",
                              PgParams().addText(game::gameStatusName(*status)).addOptional(bound)),
                     "listing games");
  });
}

Result<std::vector<GameSettings>> PostgresStore::listFinishedGamesOf(int64_t user, int size,
                                                                     int offset, int limit) {
  return read([&](PgConnection& db) {
    // A union of the two seat indexes rather than an OR, which would scan the table.
    return readGames(db,
                     db.query("SELECT " + std::string(kGameColumns) +
                                  " FROM games WHERE id IN ("
                                  "SELECT id FROM games WHERE black_user_id = $1 UNION "
                                  "SELECT id FROM games WHERE white_user_id = $1) "
                                  "AND status = 'finished' AND ($2 = 0 OR size = $2) "
                                  "ORDER BY id DESC LIMIT $4 OFFSET $3",
                              PgParams()
                                  .add(user)
                                  .add(int64_t{size})
                                  .add(int64_t{std::max(offset, 0)})
                                  .addOptional(noLimitIfNegative(limit))),
                     "listing a player's games");
  });
}

}  // namespace tengen::store
