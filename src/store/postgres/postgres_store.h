#pragma once

#include <memory>
#include <string>

#include "store/connection_pool.h"
#include "store/group_commit_writer.h"
#include "store/postgres/pg_connection.h"
#include "store/store.h"

namespace tengen::store {

struct PostgresStoreOptions {
  // Most jobs one transaction may hold (as SqliteStoreOptions::maxBatch).
  int maxBatch = 2048;
  // Connections for queries; more callers than this wait for a free one.
  int readConnections = 4;
};

// The Store on a PostgreSQL server, for several tengen nodes sharing one database
// (docs/scaling.md). Its contract and its shape are SqliteStore's: every write goes through
// one group commit writer (one connection, one transaction and one synchronous commit per
// batch; a failed job undone alone), and reads lease connections from a pool. Between
// nodes, the (game, seq) primary key is what keeps two writers of one game from both
// appending move 57: the second gets Conflict. open() applies the schema migrations
// (postgres/migrations).
class PostgresStore final : public Store {
 public:
  // conninfo: a postgres:// or postgresql:// URL, or libpq's "key=value" words.
  static Result<std::unique_ptr<PostgresStore>> open(const std::string& conninfo,
                                                     PostgresStoreOptions options = {});
  // Completes every queued append (callbacks included) before closing the connections.
  ~PostgresStore() override;

  Result<std::optional<User>> createUser(User user) override;
  Result<std::optional<User>> findUserByName(const std::string& name) override;
  Result<std::optional<User>> findUserById(int64_t id) override;

  Result<void> createSession(const Session& session) override;
  Result<std::optional<Session>> findSession(const std::string& tokenHash, int64_t nowMs) override;
  Result<void> deleteSession(const std::string& tokenHash) override;
  Result<int64_t> deleteExpiredSessions(int64_t nowMs) override;
  Result<int64_t> deleteIdleGuests(int64_t createdBeforeMs, int64_t nowMs) override;

  Result<int64_t> createGame(GameSettings settings) override;
  Result<void> updateGameSeats(int64_t game, int64_t blackUserId, int64_t whiteUserId) override;
  Result<void> updateGameStatus(int64_t game, game::GameStatus status) override;
  Result<void> updateGameResult(int64_t game, game::GameStatus status,
                                const std::optional<game::GameResult>& result) override;

  Result<std::optional<LoadedGame>> loadGame(int64_t game) override;
  Result<std::vector<GameEvent>> loadEvents(int64_t game, int64_t afterSeq) override;
  // limit < 0 means no limit.
  Result<std::vector<GameSettings>> listGames(std::optional<game::GameStatus> status,
                                              int limit) override;
  Result<std::vector<GameSettings>> listFinishedGamesOf(int64_t user, int size, int offset,
                                                        int limit) override;

  Result<bool> finishGame(int64_t game, game::GameStatus status,
                          const std::optional<game::GameResult>& result,
                          const std::optional<RatedGame>& rating) override;
  Result<std::vector<CategoryRating>> ratingsOf(int64_t user) override;
  Result<std::vector<RatingPoint>> ratingHistory(int64_t user, int limit) override;
  Result<std::optional<RatingPoint>> ratingAt(int64_t user, const std::string& category,
                                              int64_t atMs) override;

  Result<void> recordLessonDone(int64_t user, const std::string& lesson) override;
  Result<std::vector<std::string>> lessonsDone(int64_t user) override;
  Result<void> recordAlive(int64_t atMs) override;
  Result<std::optional<int64_t>> lastAliveMs() override;
  Result<std::optional<Vacation>> vacationOf(int64_t user) override;
  Result<void> saveVacation(int64_t user, const Vacation& vacation) override;
  Result<std::vector<std::pair<int64_t, Vacation>>> vacationsUnderway() override;
  Result<std::optional<ConditionalMoves>> conditionalMovesOf(int64_t game, int64_t user) override;
  Result<void> saveConditionalMoves(int64_t game, int64_t user,
                                    const ConditionalMoves& moves) override;
  Result<void> dropConditionalMoves(int64_t game, int64_t user) override;
  Result<int64_t> appendLobbyChat(const LobbyChatRow& row, int64_t keepLines) override;
  Result<std::vector<LobbyChatRow>> recentLobbyChat(int limit) override;
  Result<std::optional<EngineReview>> engineReviewOf(int64_t game, int64_t playouts) override;
  Result<void> saveEngineReview(int64_t game, const EngineReview& review) override;
  Result<int64_t> createReview(ReviewRow row) override;
  Result<bool> saveReview(const ReviewRow& row) override;
  Result<std::optional<int64_t>> saveReviewOver(const ReviewRow& row, int64_t readVersion) override;
  Result<std::optional<ReviewRow>> loadReview(int64_t id) override;
  Result<std::vector<ReviewRow>> reviewsOfGame(int64_t game, int limit) override;
  Result<std::vector<ReviewRow>> reviewsOfOwner(int64_t owner, int limit) override;
  Result<int64_t> countReviewsOf(int64_t owner) override;
  Result<int64_t> createUpload(UploadRow row) override;
  Result<int64_t> createUploadWithin(UploadRow row, int64_t maxCount, int64_t maxBytes) override;
  Result<std::vector<UploadRow>> uploadsOf(int64_t owner, int limit) override;
  Result<std::optional<UploadRow>> loadUpload(int64_t id) override;
  Result<bool> deleteUpload(int64_t id, int64_t owner) override;
  Result<std::pair<int64_t, int64_t>> uploadTotalsOf(int64_t owner) override;
  Result<bool> setBlock(int64_t blocker, int64_t blocked, bool on) override;
  Result<std::vector<UserRef>> blockedBy(int64_t blocker) override;
  Result<std::vector<std::pair<int64_t, int64_t>>> allBlocks() override;
  Result<std::vector<Role>> rolesOf(int64_t user) override;
  Result<int64_t> createReport(Report report) override;
  Result<int64_t> reportsSince(int64_t reporter, int64_t sinceMs) override;
  Result<std::vector<Report>> listReports(bool resolved, int limit) override;
  Result<ModerationResult> applyModeration(ModerationAction action) override;
  Result<std::vector<ModerationAction>> moderationLog(int limit) override;
  Result<std::vector<RestrictionRow>> restrictionsInForce(int64_t nowMs) override;
  Result<std::optional<RestrictionRow>> restrictionOf(int64_t user, Restriction kind,
                                                      int64_t nowMs) override;
  Result<std::optional<GameLease>> acquireLease(int64_t game, const std::string& node,
                                                int64_t nowMs, int64_t ttlMs) override;
  Result<void> releaseLease(const GameLease& lease) override;
  Result<std::optional<GameLease>> leaseOf(int64_t game) override;
  Result<std::vector<GameLease>> expiredLeases(int64_t nowMs, int limit) override;
  Result<std::vector<int64_t>> renewLeases(const std::string& node, int64_t nowMs,
                                           int64_t ttlMs) override;

  Result<int64_t> createTournament(TournamentRow row) override;
  Result<std::vector<TournamentRow>> listTournaments(int limit) override;
  Result<std::optional<StoredTournament>> loadTournament(int64_t id) override;
  Result<void> updateTournamentStatus(int64_t id, const std::string& status) override;
  Result<void> addTournamentDirector(int64_t id, int64_t user) override;
  Result<void> saveTournamentEntrant(int64_t id, const TournamentEntrant& entrant) override;
  Result<bool> removeTournamentEntrant(int64_t id, int64_t user) override;
  Result<bool> createTournamentRound(int64_t id,
                                     const std::vector<TournamentBoard>& boards) override;
  Result<void> setTournamentBoardGame(int64_t id, int round, int board, int64_t game) override;
  Result<bool> recordTournamentResult(int64_t id, int round, int board, const std::string& result,
                                      bool byDecision) override;
  Result<std::optional<TournamentBoardRef>> tournamentBoardOfGame(int64_t game) override;
  Result<bool> startTournamentRound(int64_t id, int round) override;
  Result<bool> editTournamentBoards(int64_t id,
                                    const std::vector<TournamentBoard>& boards) override;
  Result<bool> claimTournamentBoard(int64_t id, int round, int board, int64_t nowMs) override;
  Result<bool> takeTournament(int64_t id, const std::string& node, int64_t nowMs) override;
  Result<std::vector<TournamentGameInPlay>> tournamentGamesInPlay(int64_t user) override;

  void appendEvents(std::vector<GameEvent> events, std::function<void(AppendResult)> done) override;
  void appendEventsFenced(std::vector<GameEvent> events, int64_t token,
                          std::function<void(AppendResult)> done) override;
  // Fails at once, instead of deadlocking, when called from an append callback.
  AppendResult appendEventsSync(std::vector<GameEvent> events) override;

  PgGroupCommitWriter::Stats writerStats() const { return writer_->stats(); }

 private:
  PostgresStore(std::unique_ptr<PgGroupCommitWriter> writer,
                std::unique_ptr<ConnectionPool<PgConnection>> readers);

  // Runs f(connection) on a leased reader; with `snapshot`, inside one read-only repeatable
  // read transaction, so a multi-query read (settings plus events) sees one state.
  template <typename F>
  auto read(F&& f, bool snapshot = false) -> decltype(f(std::declval<PgConnection&>()));
  // Runs apply on the writer thread and waits for the commit.
  Result<void> write(PgGroupCommitWriter::Apply apply);
  // Queues an append (fenced with a lease token or not) on the writer, pipelined with the
  // appends next to it in its batch.
  void submitAppend(std::vector<GameEvent> events, std::optional<int64_t> fence,
                    std::function<void(AppendResult)> done);

  std::unique_ptr<PgGroupCommitWriter> writer_;
  std::unique_ptr<ConnectionPool<PgConnection>> readers_;
};

template <typename F>
auto PostgresStore::read(F&& f, bool snapshot) -> decltype(f(std::declval<PgConnection&>())) {
  auto lease = readers_->lease();
  if (!lease) return std::unexpected(lease.error());
  PgConnection& db = **lease;
  if (!snapshot) return f(db);
  if (auto ok = db.exec("BEGIN ISOLATION LEVEL REPEATABLE READ READ ONLY"); !ok) {
    return std::unexpected(ok.error());
  }
  auto result = f(db);
  if (!db.exec("COMMIT") && db.inTransaction()) (void)db.exec("ROLLBACK");
  return result;
}

}  // namespace tengen::store
