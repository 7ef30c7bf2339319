// PostgresStore's tournaments (postgres/migrations/0004_tournaments.sql); the rest of the
// class is in postgres_store.cpp. The same contract as sqlite_store_tournaments.cpp.
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;
using postgres_parts::nowMs;

std::string tournamentNamed(int64_t id) { return "tournament " + std::to_string(id); }

std::string tournamentBoardNamed(int64_t id, int round, int board) {
  return tournamentNamed(id) + " round " + std::to_string(round) + " board " +
         std::to_string(board);
}

AppendResult tournamentWriteFailed(const PgConnection& db, const PgRows& rows,
                                   const std::string& doing) {
  if (rows.sqlstate() == pg_state::kForeignKeyViolation) {
    return failed(doing + ": the tournament, a user or a game does not exist");
  }
  return failed(db, rows, doing);
}

constexpr const char* kTournamentColumns =
    "id, name, status, settings, created_by, created_ms, rounds_started";

TournamentRow readTournamentRow(const PgRows& rows, int i) {
  return TournamentRow{rows.integer(i, 0),
                       rows.bytes(i, 1),
                       rows.bytes(i, 2),
                       rows.bytes(i, 3),
                       rows.integer(i, 4),
                       rows.integer(i, 5),
                       static_cast<int>(rows.integer(i, 6))};
}

}  // namespace

Result<int64_t> PostgresStore::createTournament(TournamentRow row) {
  if (row.createdMs == 0) row.createdMs = nowMs();
  int64_t id = 0;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO tournaments (name, status, settings, created_by, created_ms) "
        "VALUES ($1, $2, $3, $4, $5) RETURNING id",
        PgParams()
            .addBytes(row.name)
            .addText(row.status)
            .addBytes(row.settings)
            .add(row.createdBy)
            .add(row.createdMs));
    if (!rows.ok()) return tournamentWriteFailed(db, rows, "creating a tournament");
    id = rows.integer(0, 0);
    PgRows director = db.query(
        "INSERT INTO tournament_directors (tournament_id, user_id, position) VALUES ($1, $2, 1)",
        PgParams().add(id).add(row.createdBy));
    if (!director.ok()) return tournamentWriteFailed(db, director, "creating a tournament");
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return id;
}

Result<std::vector<TournamentRow>> PostgresStore::listTournaments(int limit) {
  return read([&](PgConnection& db) -> Result<std::vector<TournamentRow>> {
    PgRows rows = db.query(std::string("SELECT ") + kTournamentColumns +
                               " FROM tournaments ORDER BY created_ms DESC, id DESC LIMIT $1",
                           PgParams().addOptional(postgres_parts::noLimitIfNegative(limit)));
    if (!rows.ok()) return std::unexpected(db.error(rows, "listing tournaments"));
    std::vector<TournamentRow> list;
    for (int i = 0; i < rows.size(); ++i) list.push_back(readTournamentRow(rows, i));
    return list;
  });
}

Result<std::optional<StoredTournament>> PostgresStore::loadTournament(int64_t id) {
  using Loaded = std::optional<StoredTournament>;
  return read(
      [&](PgConnection& db) -> Result<Loaded> {
        StoredTournament t;
        PgRows head = db.query(
            std::string("SELECT ") + kTournamentColumns + " FROM tournaments WHERE id = $1",
            PgParams().add(id));
        if (!head.ok()) return std::unexpected(db.error(head, "reading a tournament"));
        if (head.size() == 0) return Loaded{};
        t.row = readTournamentRow(head, 0);

        PgRows directors = db.query(
            "SELECT user_id FROM tournament_directors WHERE tournament_id = $1 "
            "ORDER BY position, user_id",
            PgParams().add(id));
        if (!directors.ok()) {
          return std::unexpected(db.error(directors, "reading a tournament's directors"));
        }
        for (int i = 0; i < directors.size(); ++i) t.directors.push_back(directors.integer(i, 0));

        PgRows entrants = db.query(
            "SELECT user_id, name, rank, club, country, checked_in, withdrawn FROM "
            "tournament_entrants WHERE tournament_id = $1 ORDER BY position, user_id",
            PgParams().add(id));
        if (!entrants.ok()) {
          return std::unexpected(db.error(entrants, "reading a tournament's entrants"));
        }
        for (int i = 0; i < entrants.size(); ++i) {
          t.entrants.push_back(TournamentEntrant{entrants.integer(i, 0), entrants.bytes(i, 1),
                                                 entrants.bytes(i, 2), entrants.bytes(i, 3),
                                                 entrants.bytes(i, 4), entrants.integer(i, 5) != 0,
                                                 entrants.integer(i, 6) != 0});
        }

        PgRows boards = db.query(
            "SELECT round, board, black_user_id, coalesce(white_user_id, 0), handicap, komi, "
            "coalesce(game_id, 0), result, by_decision, opening_ms FROM tournament_boards "
            "WHERE tournament_id = $1 ORDER BY round, board",
            PgParams().add(id));
        if (!boards.ok()) return std::unexpected(db.error(boards, "reading a tournament's boards"));
        for (int i = 0; i < boards.size(); ++i) {
          TournamentBoard b;
          b.round = static_cast<int>(boards.integer(i, 0));
          b.board = static_cast<int>(boards.integer(i, 1));
          b.black = boards.integer(i, 2);
          b.white = boards.integer(i, 3);
          b.handicap = static_cast<int>(boards.integer(i, 4));
          b.komi = boards.real(i, 5);
          b.game = boards.integer(i, 6);
          b.result = boards.bytes(i, 7);
          b.byDecision = boards.integer(i, 8) != 0;
          b.openingMs = boards.integer(i, 9);
          t.boards.push_back(std::move(b));
        }
        return Loaded{std::move(t)};
      },
      /*snapshot=*/true);
}

Result<void> PostgresStore::updateTournamentStatus(int64_t id, const std::string& status) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query("UPDATE tournaments SET status = $2 WHERE id = $1",
                           PgParams().add(id).addText(status));
    if (!rows.ok()) return tournamentWriteFailed(db, rows, "updating a tournament's status");
    if (rows.affected() == 0) return failed(tournamentNamed(id) + " does not exist");
    return AppendResult{};
  });
}

Result<void> PostgresStore::addTournamentDirector(int64_t id, int64_t user) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO tournament_directors (tournament_id, user_id, position) VALUES ($1, $2, "
        "(SELECT coalesce(max(position), 0) + 1 FROM tournament_directors WHERE tournament_id = "
        "$1)) ON CONFLICT (tournament_id, user_id) DO NOTHING",
        PgParams().add(id).add(user));
    if (!rows.ok()) return tournamentWriteFailed(db, rows, "adding a director");
    return AppendResult{};
  });
}

Result<void> PostgresStore::saveTournamentEntrant(int64_t id, const TournamentEntrant& e) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query(
        "INSERT INTO tournament_entrants (tournament_id, user_id, position, name, rank, club, "
        "country, checked_in, withdrawn) VALUES ($1, $2, (SELECT coalesce(max(position), 0) + 1 "
        "FROM tournament_entrants WHERE tournament_id = $1), $3, $4, $5, $6, $7, $8) "
        "ON CONFLICT (tournament_id, user_id) DO UPDATE SET name = excluded.name, "
        "rank = excluded.rank, club = excluded.club, country = excluded.country, "
        "checked_in = excluded.checked_in, withdrawn = excluded.withdrawn",
        PgParams()
            .add(id)
            .add(e.user)
            .addBytes(e.name)
            .addBytes(e.rank)
            .addBytes(e.club)
            .addBytes(e.country)
            .add(e.checkedIn)
            .add(e.withdrawn));
    if (!rows.ok()) return tournamentWriteFailed(db, rows, "saving a registration");
    return AppendResult{};
  });
}

Result<bool> PostgresStore::removeTournamentEntrant(int64_t id, int64_t user) {
  bool removed = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows =
        db.query("DELETE FROM tournament_entrants WHERE tournament_id = $1 AND user_id = $2",
                 PgParams().add(id).add(user));
    if (!rows.ok()) return tournamentWriteFailed(db, rows, "removing a registration");
    removed = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return removed;
}

Result<bool> PostgresStore::createTournamentRound(int64_t id,
                                                  const std::vector<TournamentBoard>& boards) {
  if (boards.empty()) return fail("a round needs at least one board");
  const int round = boards.front().round;
  for (const TournamentBoard& b : boards) {
    if (b.round != round) return fail("the boards are of several rounds");
  }
  bool created = false;
  auto ok = write([&](PgConnection& db) {
    PgRows exists =
        db.query("SELECT count(*) FROM tournament_boards WHERE tournament_id = $1 AND round = $2",
                 PgParams().add(id).add(int64_t{round}));
    if (!exists.ok()) return failed(db, exists, "checking a round");
    if (exists.integer(0, 0) > 0) return AppendResult{};
    for (const TournamentBoard& b : boards) {
      PgRows rows = db.query(
          "INSERT INTO tournament_boards (tournament_id, round, board, black_user_id, "
          "white_user_id, handicap, komi, game_id, result, by_decision) "
          "VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
          PgParams()
              .add(id)
              .add(int64_t{b.round})
              .add(int64_t{b.board})
              .add(b.black)
              .addIdOrNull(b.white)
              .add(int64_t{b.handicap})
              .add(b.komi)
              .addIdOrNull(b.game)
              .addBytes(b.result)
              .add(b.byDecision));
      // A second node pairing the same round at once loses on the primary key: not written.
      if (rows.sqlstate() == pg_state::kUniqueViolation) return failed("round already paired");
      if (!rows.ok()) return tournamentWriteFailed(db, rows, "writing a round");
    }
    created = true;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return created;
}

Result<void> PostgresStore::setTournamentBoardGame(int64_t id, int round, int board, int64_t game) {
  return write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE tournament_boards SET game_id = $4 WHERE tournament_id = $1 AND round = $2 AND "
        "board = $3",
        PgParams().add(id).add(int64_t{round}).add(int64_t{board}).add(game));
    if (!rows.ok()) return tournamentWriteFailed(db, rows, "recording a board's game");
    if (rows.affected() == 0)
      return failed(tournamentBoardNamed(id, round, board) + " does not exist");
    return AppendResult{};
  });
}

Result<bool> PostgresStore::recordTournamentResult(int64_t id, int round, int board,
                                                   const std::string& result, bool byDecision) {
  bool written = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE tournament_boards SET result = $4, by_decision = $5 WHERE tournament_id = $1 "
        "AND round = $2 AND board = $3 AND ($5 OR result = ''::bytea)",
        PgParams()
            .add(id)
            .add(int64_t{round})
            .add(int64_t{board})
            .addBytes(result)
            .add(byDecision));
    if (!rows.ok()) return tournamentWriteFailed(db, rows, "recording a result");
    written = rows.affected() > 0;
    if (written) return AppendResult{};
    PgRows exists = db.query(
        "SELECT count(*) FROM tournament_boards WHERE tournament_id = $1 AND round = $2 AND "
        "board = $3",
        PgParams().add(id).add(int64_t{round}).add(int64_t{board}));
    if (!exists.ok()) return failed(db, exists, "checking a board");
    if (exists.integer(0, 0) == 0)
      return failed(tournamentBoardNamed(id, round, board) + " does not exist");
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return written;
}

Result<std::optional<TournamentBoardRef>> PostgresStore::tournamentBoardOfGame(int64_t game) {
  using Found = std::optional<TournamentBoardRef>;
  return read([&](PgConnection& db) -> Result<Found> {
    PgRows rows =
        db.query("SELECT tournament_id, round, board FROM tournament_boards WHERE game_id = $1",
                 PgParams().add(game));
    if (!rows.ok()) return std::unexpected(db.error(rows, "finding a game's tournament"));
    if (rows.size() == 0) return Found{};
    return Found{TournamentBoardRef{rows.integer(0, 0), static_cast<int>(rows.integer(0, 1)),
                                    static_cast<int>(rows.integer(0, 2))}};
  });
}

}  // namespace tengen::store
