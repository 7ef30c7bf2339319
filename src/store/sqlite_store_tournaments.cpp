// SqliteStore's tournaments (migrations/0010_tournaments.sql); the rest of the class is in
// sqlite_store.cpp.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::nowMs;
using sqlite_parts::Step;

std::string tournamentNamed(int64_t id) { return "tournament " + std::to_string(id); }

std::string tournamentBoardNamed(int64_t id, int round, int board) {
  return tournamentNamed(id) + " round " + std::to_string(round) + " board " +
         std::to_string(board);
}

// A failed tournament write: a foreign key names what is missing.
AppendResult tournamentWriteFailed(SqliteConnection& db, const SqliteStatement& stmt,
                                   const std::string& doing) {
  if (stmt.extendedCode() == SQLITE_CONSTRAINT_FOREIGNKEY) {
    return failed(doing + ": the tournament, a user or a game does not exist");
  }
  return failed(db.error(doing).toString());
}

TournamentRow readTournamentRow(const SqliteStatement& row) {
  return TournamentRow{row.columnInt(0),
                       row.columnBytes(1),
                       row.columnBytes(2),
                       row.columnBytes(3),
                       row.columnInt(4),
                       row.columnInt(5),
                       static_cast<int>(row.columnInt(6))};
}

constexpr const char* kTournamentColumns =
    "id, name, status, settings, created_by, created_ms, rounds_started";

}  // namespace

Result<int64_t> SqliteStore::createTournament(TournamentRow row) {
  if (row.createdMs == 0) row.createdMs = nowMs();
  int64_t id = 0;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO tournaments (name, status, settings, created_by, created_ms) "
        "VALUES (?1, ?2, ?3, ?4, ?5)");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bindText(1, row.name).bindText(2, row.status).bindText(3, row.settings);
    stmt->bind(4, row.createdBy).bind(5, row.createdMs);
    if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "creating a tournament");
    id = stmt->lastInsertRowid();
    auto director = db.prepare(
        "INSERT INTO tournament_directors (tournament_id, user_id, position) VALUES (?1, ?2, 1)");
    if (!director) return failed(director.error().toString());
    director->bind(1, id).bind(2, row.createdBy);
    if (!director->run()) return tournamentWriteFailed(db, *director, "creating a tournament");
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<std::vector<TournamentRow>> SqliteStore::listTournaments(int limit) {
  return read([&](SqliteConnection& db) -> Result<std::vector<TournamentRow>> {
    auto stmt = db.prepare(std::string("SELECT ") + kTournamentColumns +
                           " FROM tournaments ORDER BY created_ms DESC, id DESC LIMIT ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, int64_t{limit});
    std::vector<TournamentRow> rows;
    Step step;
    while ((step = stmt->step()) == Step::Row) rows.push_back(readTournamentRow(*stmt));
    if (step == Step::Error) return std::unexpected(db.error("listing tournaments"));
    return rows;
  });
}

Result<std::optional<StoredTournament>> SqliteStore::loadTournament(int64_t id) {
  using Loaded = std::optional<StoredTournament>;
  return read([&](SqliteConnection& db) -> Result<Loaded> {
    StoredTournament t;
    {
      auto stmt = db.prepare(std::string("SELECT ") + kTournamentColumns +
                             " FROM tournaments WHERE id = ?1");
      if (!stmt) return std::unexpected(stmt.error());
      stmt->bind(1, id);
      Step step = stmt->step();
      if (step == Step::Error) return std::unexpected(db.error("reading a tournament"));
      if (step != Step::Row) return Loaded{};
      t.row = readTournamentRow(*stmt);
    }
    auto directors = db.prepare(
        "SELECT user_id FROM tournament_directors WHERE tournament_id = ?1 "
        "ORDER BY position, user_id");
    if (!directors) return std::unexpected(directors.error());
    directors->bind(1, id);
    Step step;
    while ((step = directors->step()) == Step::Row) t.directors.push_back(directors->columnInt(0));
    if (step == Step::Error) return std::unexpected(db.error("reading a tournament's directors"));

    auto entrants = db.prepare(
        "SELECT user_id, name, rank, club, country, checked_in, withdrawn FROM "
        "tournament_entrants WHERE tournament_id = ?1 ORDER BY position, user_id");
    if (!entrants) return std::unexpected(entrants.error());
    entrants->bind(1, id);
    while ((step = entrants->step()) == Step::Row) {
      t.entrants.push_back(TournamentEntrant{entrants->columnInt(0), entrants->columnBytes(1),
                                             entrants->columnBytes(2), entrants->columnBytes(3),
                                             entrants->columnBytes(4), entrants->columnInt(5) != 0,
                                             entrants->columnInt(6) != 0});
    }
    if (step == Step::Error) return std::unexpected(db.error("reading a tournament's entrants"));

    auto boards = db.prepare(
        "SELECT round, board, black_user_id, white_user_id, handicap, komi, game_id, result, "
        "by_decision, opening_ms FROM tournament_boards WHERE tournament_id = ?1 "
        "ORDER BY round, board");
    if (!boards) return std::unexpected(boards.error());
    boards->bind(1, id);
    while ((step = boards->step()) == Step::Row) {
      TournamentBoard b;
      b.round = static_cast<int>(boards->columnInt(0));
      b.board = static_cast<int>(boards->columnInt(1));
      b.black = boards->columnInt(2);
      b.white = boards->columnInt(3);  // NULL (a bye) reads as 0
      b.handicap = static_cast<int>(boards->columnInt(4));
      b.komi = boards->columnDouble(5);
      b.game = boards->columnInt(6);
      b.result = boards->columnBytes(7);
      b.byDecision = boards->columnInt(8) != 0;
      b.openingMs = boards->columnInt(9);
      t.boards.push_back(std::move(b));
    }
    if (step == Step::Error) return std::unexpected(db.error("reading a tournament's boards"));
    return Loaded{std::move(t)};
  });
}

Result<void> SqliteStore::updateTournamentStatus(int64_t id, const std::string& status) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare("UPDATE tournaments SET status = ?2 WHERE id = ?1");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bindText(2, status);
    if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "updating a tournament's status");
    if (stmt->changes() == 0) return failed(tournamentNamed(id) + " does not exist");
    return AppendResult{};
  });
}

Result<void> SqliteStore::addTournamentDirector(int64_t id, int64_t user) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO tournament_directors (tournament_id, user_id, position) VALUES (?1, ?2, "
        "(SELECT coalesce(max(position), 0) + 1 FROM tournament_directors WHERE tournament_id = "
        "?1)) ON CONFLICT (tournament_id, user_id) DO NOTHING");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, user);
    if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "adding a director");
    return AppendResult{};
  });
}

Result<void> SqliteStore::saveTournamentEntrant(int64_t id, const TournamentEntrant& e) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "INSERT INTO tournament_entrants (tournament_id, user_id, position, name, rank, club, "
        "country, checked_in, withdrawn) VALUES (?1, ?2, (SELECT coalesce(max(position), 0) + 1 "
        "FROM tournament_entrants WHERE tournament_id = ?1), ?3, ?4, ?5, ?6, ?7, ?8) "
        "ON CONFLICT (tournament_id, user_id) DO UPDATE SET name = excluded.name, "
        "rank = excluded.rank, club = excluded.club, country = excluded.country, "
        "checked_in = excluded.checked_in, withdrawn = excluded.withdrawn");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, e.user).bindText(3, e.name).bindText(4, e.rank);
    stmt->bindText(5, e.club).bindText(6, e.country);
    stmt->bind(7, int64_t{e.checkedIn}).bind(8, int64_t{e.withdrawn});
    if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "saving a registration");
    return AppendResult{};
  });
}

Result<bool> SqliteStore::removeTournamentEntrant(int64_t id, int64_t user) {
  bool removed = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt =
        db.prepare("DELETE FROM tournament_entrants WHERE tournament_id = ?1 AND user_id = ?2");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, user);
    if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "removing a registration");
    removed = stmt->changes() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return removed;
}

Result<bool> SqliteStore::createTournamentRound(int64_t id,
                                                const std::vector<TournamentBoard>& boards) {
  if (boards.empty()) return fail("a round needs at least one board");
  const int round = boards.front().round;
  for (const TournamentBoard& b : boards) {
    if (b.round != round) return fail("the boards are of several rounds");
  }
  bool created = false;
  auto ok = write([&](SqliteConnection& db) {
    auto exists = db.prepare(
        "SELECT count(*) FROM tournament_boards WHERE tournament_id = ?1 AND round = ?2");
    if (!exists) return failed(exists.error().toString());
    exists->bind(1, id).bind(2, int64_t{round});
    if (exists->step() != Step::Row) return failed(db.error("checking a round").toString());
    if (exists->columnInt(0) > 0) return AppendResult{};
    for (const TournamentBoard& b : boards) {
      // From the statement cache: prepared once, reset when `stmt` goes.
      auto stmt = db.prepare(
          "INSERT INTO tournament_boards (tournament_id, round, board, black_user_id, "
          "white_user_id, handicap, komi, game_id, result, by_decision) "
          "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10)");
      if (!stmt) return failed(stmt.error().toString());
      stmt->bind(1, id).bind(2, int64_t{b.round}).bind(3, int64_t{b.board}).bind(4, b.black);
      stmt->bindIdOrNull(5, b.white).bind(6, int64_t{b.handicap}).bind(7, b.komi);
      stmt->bindIdOrNull(8, b.game).bindText(9, b.result).bind(10, int64_t{b.byDecision});
      if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "writing a round");
    }
    created = true;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return created;
}

Result<void> SqliteStore::setTournamentBoardGame(int64_t id, int round, int board, int64_t game) {
  return write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "UPDATE tournament_boards SET game_id = ?4 WHERE tournament_id = ?1 AND round = ?2 AND "
        "board = ?3");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, int64_t{round}).bind(3, int64_t{board}).bind(4, game);
    if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "recording a board's game");
    if (stmt->changes() == 0)
      return failed(tournamentBoardNamed(id, round, board) + " does not exist");
    return AppendResult{};
  });
}

Result<bool> SqliteStore::recordTournamentResult(int64_t id, int round, int board,
                                                 const std::string& result, bool byDecision) {
  bool written = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "UPDATE tournament_boards SET result = ?4, by_decision = ?5 WHERE tournament_id = ?1 "
        "AND round = ?2 AND board = ?3 AND (?5 OR result = '')");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, int64_t{round}).bind(3, int64_t{board});
    stmt->bindText(4, result).bind(5, int64_t{byDecision});
    if (!stmt->run()) return tournamentWriteFailed(db, *stmt, "recording a result");
    written = stmt->changes() > 0;
    if (written) return AppendResult{};
    auto exists = db.prepare(
        "SELECT count(*) FROM tournament_boards WHERE tournament_id = ?1 AND round = ?2 AND "
        "board = ?3");
    if (!exists) return failed(exists.error().toString());
    exists->bind(1, id).bind(2, int64_t{round}).bind(3, int64_t{board});
    if (exists->step() != Step::Row) return failed(db.error("checking a board").toString());
    if (exists->columnInt(0) == 0)
      return failed(tournamentBoardNamed(id, round, board) + " does not exist");
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return written;
}

Result<std::optional<TournamentBoardRef>> SqliteStore::tournamentBoardOfGame(int64_t game) {
  using Found = std::optional<TournamentBoardRef>;
  return read([&](SqliteConnection& db) -> Result<Found> {
    auto stmt =
        db.prepare("SELECT tournament_id, round, board FROM tournament_boards WHERE game_id = ?1");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, game);
    Step step = stmt->step();
    if (step == Step::Error) return std::unexpected(db.error("finding a game's tournament"));
    if (step != Step::Row) return Found{};
    return Found{TournamentBoardRef{stmt->columnInt(0), static_cast<int>(stmt->columnInt(1)),
                                    static_cast<int>(stmt->columnInt(2))}};
  });
}

}  // namespace tengen::store
