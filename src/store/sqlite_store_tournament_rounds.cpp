// SqliteStore's rounds that are paired first and started later, the boards' claims and the
// tournaments' runners (migrations/0012_tournament_rounds.sql); the rest of the tournaments
// are in sqlite_store_tournaments.cpp.
#include <sqlite3.h>

#include "store/sqlite_store.h"
#include "store/sqlite_store_parts.h"

namespace tengen::store {

namespace {

using sqlite_parts::failed;
using sqlite_parts::Step;

std::string roundBoardNamed(int64_t id, int round, int board) {
  return "tournament " + std::to_string(id) + " round " + std::to_string(round) + " board " +
         std::to_string(board);
}

}  // namespace

Result<bool> SqliteStore::startTournamentRound(int64_t id, int round) {
  bool started = false;
  auto ok = write([&](SqliteConnection& db) {
    // The compare-and-set on rounds_started lets one caller alone start a round.
    auto stmt = db.prepare(
        "UPDATE tournaments SET rounds_started = ?2 WHERE id = ?1 AND rounds_started = ?2 - 1 "
        "AND EXISTS (SELECT 1 FROM tournament_boards WHERE tournament_id = ?1 AND round = ?2)");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, int64_t{round});
    if (!stmt->run()) return failed(db.error("starting a round").toString());
    started = stmt->changes() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return started;
}

Result<bool> SqliteStore::editTournamentBoards(int64_t id,
                                               const std::vector<TournamentBoard>& boards) {
  if (boards.empty()) return true;
  const int round = boards.front().round;
  for (const TournamentBoard& b : boards) {
    if (b.round != round) return fail("the boards are of several rounds");
  }
  bool edited = false;
  auto ok = write([&](SqliteConnection& db) {
    auto pending = db.prepare("SELECT rounds_started FROM tournaments WHERE id = ?1");
    if (!pending) return failed(pending.error().toString());
    pending->bind(1, id);
    const Step step = pending->step();
    if (step == Step::Error) return failed(db.error("checking a round").toString());
    if (step != Step::Row) return failed("tournament " + std::to_string(id) + " does not exist");
    if (pending->columnInt(0) >= round) return AppendResult{};
    for (const TournamentBoard& b : boards) {
      auto stmt = db.prepare(
          "UPDATE tournament_boards SET black_user_id = ?4, white_user_id = ?5, handicap = ?6, "
          "komi = ?7 WHERE tournament_id = ?1 AND round = ?2 AND board = ?3");
      if (!stmt) return failed(stmt.error().toString());
      stmt->bind(1, id).bind(2, int64_t{b.round}).bind(3, int64_t{b.board}).bind(4, b.black);
      stmt->bindIdOrNull(5, b.white).bind(6, int64_t{b.handicap}).bind(7, b.komi);
      if (!stmt->run()) return failed(db.error("editing a board").toString());
      if (stmt->changes() == 0)
        return failed(roundBoardNamed(id, b.round, b.board) + " does not exist");
    }
    edited = true;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return edited;
}

Result<bool> SqliteStore::claimTournamentBoard(int64_t id, int round, int board, int64_t nowMs) {
  bool claimed = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "UPDATE tournament_boards SET opening_ms = ?4 WHERE tournament_id = ?1 AND round = ?2 "
        "AND board = ?3 AND opening_ms = 0 AND game_id IS NULL");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bind(2, int64_t{round}).bind(3, int64_t{board}).bind(4, nowMs);
    if (!stmt->run()) return failed(db.error("claiming a board").toString());
    claimed = stmt->changes() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return claimed;
}

Result<bool> SqliteStore::takeTournament(int64_t id, const std::string& node, int64_t nowMs) {
  bool runs = false;
  auto ok = write([&](SqliteConnection& db) {
    auto stmt = db.prepare(
        "UPDATE tournaments SET runner = ?2 WHERE id = ?1 AND (runner = '' OR runner = ?2 OR "
        "NOT EXISTS (SELECT 1 FROM node_leases WHERE node = tournaments.runner AND "
        "expires_ms > ?3))");
    if (!stmt) return failed(stmt.error().toString());
    stmt->bind(1, id).bindText(2, node).bind(3, nowMs);
    if (!stmt->run()) return failed(db.error("taking a tournament").toString());
    runs = stmt->changes() > 0;
    return AppendResult{};
  });
  if (!ok) return std::unexpected(ok.error());
  return runs;
}

Result<std::vector<TournamentGameInPlay>> SqliteStore::tournamentGamesInPlay(int64_t user) {
  return read([&](SqliteConnection& db) -> Result<std::vector<TournamentGameInPlay>> {
    auto stmt = db.prepare(
        "SELECT b.tournament_id, t.name, b.round, b.board, b.game_id, b.black_user_id, "
        "coalesce(eb.name, ''), b.white_user_id, coalesce(ew.name, '') FROM tournament_boards b "
        "JOIN tournaments t ON t.id = b.tournament_id "
        "LEFT JOIN tournament_entrants eb ON eb.tournament_id = b.tournament_id AND "
        "eb.user_id = b.black_user_id "
        "LEFT JOIN tournament_entrants ew ON ew.tournament_id = b.tournament_id AND "
        "ew.user_id = b.white_user_id "
        "WHERE t.status = 'running' AND b.game_id IS NOT NULL AND b.result = '' AND "
        "(b.black_user_id = ?1 OR b.white_user_id = ?1) "
        "ORDER BY b.tournament_id, b.round, b.board LIMIT 20");
    if (!stmt) return std::unexpected(stmt.error());
    stmt->bind(1, user);
    std::vector<TournamentGameInPlay> games;
    Step step;
    while ((step = stmt->step()) == Step::Row) {
      games.push_back(TournamentGameInPlay{
          stmt->columnInt(0), stmt->columnBytes(1), static_cast<int>(stmt->columnInt(2)),
          static_cast<int>(stmt->columnInt(3)), stmt->columnInt(4), stmt->columnInt(5),
          stmt->columnBytes(6), stmt->columnInt(7), stmt->columnBytes(8)});
    }
    if (step == Step::Error)
      return std::unexpected(db.error("listing a player's tournament games"));
    return games;
  });
}

}  // namespace tengen::store
