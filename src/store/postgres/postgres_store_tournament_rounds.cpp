// PostgresStore's rounds that are paired first and started later, the boards' claims and the
// tournaments' runners (postgres/migrations/0006_tournament_rounds.sql). The same contract as
// sqlite_store_tournament_rounds.cpp.
#include "store/postgres/postgres_store.h"
#include "store/postgres/postgres_store_parts.h"

namespace tengen::store {

namespace {

using postgres_parts::failed;

std::string roundBoardNamed(int64_t id, int round, int board) {
  return "tournament " + std::to_string(id) + " round " + std::to_string(round) + " board " +
         std::to_string(board);
}

}  // namespace

Result<bool> PostgresStore::startTournamentRound(int64_t id, int round) {
  bool started = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE tournaments SET rounds_started = $2 WHERE id = $1 AND rounds_started = $2 - 1 "
        "AND EXISTS (SELECT 1 FROM tournament_boards WHERE tournament_id = $1 AND round = $2)",
        PgParams().add(id).add(int64_t{round}));
    if (!rows.ok()) return failed(db, rows, "starting a round");
    started = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return started;
}

Result<bool> PostgresStore::editTournamentBoards(int64_t id,
                                                 const std::vector<TournamentBoard>& boards) {
  if (boards.empty()) return true;
  const int round = boards.front().round;
  for (const TournamentBoard& b : boards) {
    if (b.round != round) return fail("the boards are of several rounds");
  }
  bool edited = false;
  auto ok = write([&](PgConnection& db) {
    // FOR UPDATE: a start of the round waits for this edit, or this edit sees it started.
    PgRows pending = db.query("SELECT rounds_started FROM tournaments WHERE id = $1 FOR UPDATE",
                              PgParams().add(id));
    if (!pending.ok()) return failed(db, pending, "checking a round");
    if (pending.size() == 0) return failed("tournament " + std::to_string(id) + " does not exist");
    if (pending.integer(0, 0) >= round) return AppendResult{};
    for (const TournamentBoard& b : boards) {
      PgRows rows = db.query(
          "UPDATE tournament_boards SET black_user_id = $4, white_user_id = $5, handicap = $6, "
          "komi = $7 WHERE tournament_id = $1 AND round = $2 AND board = $3",
          PgParams()
              .add(id)
              .add(int64_t{b.round})
              .add(int64_t{b.board})
              .add(b.black)
              .addIdOrNull(b.white)
              .add(int64_t{b.handicap})
              .add(b.komi));
      if (!rows.ok()) return failed(db, rows, "editing a board");
      if (rows.affected() == 0)
        return failed(roundBoardNamed(id, b.round, b.board) + " does not exist");
    }
    edited = true;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return edited;
}

Result<bool> PostgresStore::claimTournamentBoard(int64_t id, int round, int board, int64_t nowMs) {
  bool claimed = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE tournament_boards SET opening_ms = $4 WHERE tournament_id = $1 AND round = $2 "
        "AND board = $3 AND opening_ms = 0 AND game_id IS NULL",
        PgParams().add(id).add(int64_t{round}).add(int64_t{board}).add(nowMs));
    if (!rows.ok()) return failed(db, rows, "claiming a board");
    claimed = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return claimed;
}

Result<bool> PostgresStore::takeTournament(int64_t id, const std::string& node, int64_t nowMs) {
  bool runs = false;
  auto ok = write([&](PgConnection& db) {
    PgRows rows = db.query(
        "UPDATE tournaments SET runner = $2 WHERE id = $1 AND (runner = '' OR runner = $2 OR "
        "NOT EXISTS (SELECT 1 FROM node_leases WHERE node = tournaments.runner AND "
        "expires_ms > $3))",
        PgParams().add(id).addText(node).add(nowMs));
    if (!rows.ok()) return failed(db, rows, "taking a tournament");
    runs = rows.affected() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return runs;
}

Result<std::vector<TournamentGameInPlay>> PostgresStore::tournamentGamesInPlay(int64_t user) {
  return read([&](PgConnection& db) -> Result<std::vector<TournamentGameInPlay>> {
    PgRows rows = db.query(
        "SELECT b.tournament_id, t.name, b.round, b.board, b.game_id, b.black_user_id, "
        "coalesce(eb.name, ''), b.white_user_id, coalesce(ew.name, '') FROM tournament_boards b "
        "JOIN tournaments t ON t.id = b.tournament_id "
        "LEFT JOIN tournament_entrants eb ON eb.tournament_id = b.tournament_id AND "
        "eb.user_id = b.black_user_id "
        "LEFT JOIN tournament_entrants ew ON ew.tournament_id = b.tournament_id AND "
        "ew.user_id = b.white_user_id "
        "WHERE t.status = 'running' AND b.game_id IS NOT NULL AND b.result = '' AND "
        "(b.black_user_id = $1 OR b.white_user_id = $1) "
        "ORDER BY b.tournament_id, b.round, b.board LIMIT 20",
        PgParams().add(user));
    if (!rows.ok()) return std::unexpected(db.error(rows, "listing a player's tournament games"));
    std::vector<TournamentGameInPlay> games;
    for (int i = 0; i < rows.size(); ++i) {
      games.push_back(TournamentGameInPlay{
          rows.integer(i, 0), rows.bytes(i, 1), static_cast<int>(rows.integer(i, 2)),
          static_cast<int>(rows.integer(i, 3)), rows.integer(i, 4), rows.integer(i, 5),
          rows.bytes(i, 6), rows.integer(i, 7), rows.bytes(i, 8)});
    }
    return games;
  });
}

}  // namespace tengen::store
