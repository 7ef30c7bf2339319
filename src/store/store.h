#pragma once

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "base/result.h"
#include "game/game_settings.h"
#include "game/logged_event.h"
#include "store/lobby_chat_rows.h"
#include "store/moderation_rows.h"
#include "store/review_rows.h"
#include "store/tournament_rows.h"

namespace tengen::store {

// Plain rows. Ids are assigned by the store; 0 means "none" (an open seat, no owner).

struct User {
  int64_t id = 0;
  std::string name;  // unique, compared case-insensitively (ASCII)
  std::string passwordHash;
  bool guest = false;
  int64_t createdMs = 0;  // 0 on create: the store stamps the current time
};

// Only a hash of the session token is ever stored, so the database alone logs nobody in.
struct Session {
  std::string tokenHash;
  int64_t userId = 0;
  int64_t expiresMs = 0;
};

// A game's settings row and one entry of its append-only log are the game core's types
// (game/game_settings.h, game/logged_event.h); the store keeps them as they are.
using GameSettings = game::GameSettings;
using GameEvent = game::LoggedEvent;

struct LoadedGame {
  GameSettings settings;
  std::vector<GameEvent> events;  // in seq order, 1..n with no gap
};

enum class AppendStatus {
  Ok,        // committed: durable on disk
  Conflict,  // seq is not the game's next one: another writer got there first (or a gap)
  Fenced,    // the fencing token is not the game's lease's: another node owns the game now
  Failed,    // unknown game, I/O error, store closed...; `message` says which
};

struct AppendResult {
  AppendStatus status = AppendStatus::Ok;
  // On Conflict: the game's last seq at the time of the check, so the writer knows how far
  // behind it is (reload the events after its own last seq and retry on top of them).
  int64_t lastSeq = 0;
  std::string message;

  bool ok() const { return status == AppendStatus::Ok; }
};

// One category of a player's rating (rating/glicko2.h): Glicko values and the games counted.
// A category never rated reads as a newcomer's 1500 / 350 / 0.06 with 0 games.
struct CategoryRating {
  std::string category;  // "overall", "19x19", "live", "19x19-live", ...
  double rating = 1500;
  double deviation = 350;
  double volatility = 0.06;
  int64_t games = 0;
};

// A rating after one rated game, for a profile's graph.
struct RatingPoint {
  std::string category;
  int64_t gameId = 0;
  double rating = 0;
  double deviation = 0;
  int64_t atMs = 0;
};

// What a rated game's end changes: both players' ratings in `categories`. `rate` gets their
// ratings as they stand inside the ending's transaction and returns them after the game.
struct RatedGame {
  int64_t blackUserId = 0;
  int64_t whiteUserId = 0;
  std::vector<std::string> categories;
  std::function<std::pair<CategoryRating, CategoryRating>(const CategoryRating& black,
                                                          const CategoryRating& white)>
      rate;
};

// A player's vacation bank as last written (site/accounts/vacation_bank.h reads it): the
// milliseconds left as of asOfMs, and since when the player is on vacation, if they are. On
// vacation, asOfMs == *sinceMs.
struct Vacation {
  int64_t bankMs = 0;
  int64_t asOfMs = 0;
  std::optional<int64_t> sinceMs;
  bool operator==(const Vacation&) const = default;
};

// A player's conditional moves in one correspondence game (site/conditional/conditional_tree.h
// reads the tree): planned when the game stood at moveNumber moves, the opponent to move.
struct ConditionalMoves {
  int64_t moveNumber = 0;
  std::string tree;  // JSON text, kept exactly
  bool operator==(const ConditionalMoves&) const = default;
};

// An engine review of a finished game (site/analysis/engine_reviewer.h): the bot's view of
// every position at `playouts` per position, computed once per game and budget.
struct EngineReviewPosition {
  int64_t moveNumber = 0;   // the position after this many moves (0: before the first)
  double blackWinRate = 0;  // 0..1, Black's, as the search estimates it
  double blackMargin = 0;   // the estimated score, Black's points minus White's, komi included
  bool blackToMove = true;  // whose move it is here (who played move moveNumber + 1)
  std::string bestMove;     // the bot's move for the side to move here: GTP text or "pass"
  bool operator==(const EngineReviewPosition&) const = default;
};
struct EngineReview {
  int64_t playouts = 0;
  int64_t createdMs = 0;
  std::vector<EngineReviewPosition> positions;  // by moveNumber, from 0
  bool operator==(const EngineReview&) const = default;
};

// Which node runs a live game when several share one database (docs/scaling.md,
// migrations/0008_game_leases.sql): held until expiresMs unless renewed. Each new holder gets
// a larger token; appendEventsFenced with an older one fails, so a node that lost a game
// cannot write into it after another took over.
struct GameLease {
  int64_t game = 0;
  std::string node;  // "" once released: nobody
  int64_t token = 0;
  int64_t expiresMs = 0;  // the holder's node lease: the game's lease ends with it
  bool operator==(const GameLease&) const = default;
};

// The storage a server needs: users, sessions, game settings and each game's event log.
// Every method is safe to call from any thread. All calls except appendEvents block on disk
// I/O, so a server runs them on a blocking pool, never on an I/O thread. Errors are I/O or
// corruption; expected outcomes (name taken, unknown id) are values.
class Store {
 public:
  virtual ~Store() = default;

  // nullopt: the name is taken. The returned user has its id (and createdMs) filled in.
  virtual Result<std::optional<User>> createUser(User user) = 0;
  virtual Result<std::optional<User>> findUserByName(const std::string& name) = 0;
  virtual Result<std::optional<User>> findUserById(int64_t id) = 0;

  virtual Result<void> createSession(const Session& session) = 0;
  // nullopt when unknown or expired at nowMs.
  virtual Result<std::optional<Session>> findSession(const std::string& tokenHash,
                                                     int64_t nowMs) = 0;
  virtual Result<void> deleteSession(const std::string& tokenHash) = 0;
  // Returns how many were deleted.
  virtual Result<int64_t> deleteExpiredSessions(int64_t nowMs) = 0;
  // Deletes guest accounts created before createdBeforeMs that sit at no game (owner or
  // player) and hold no session still valid at nowMs; registered accounts are never touched.
  // Returns how many were deleted.
  virtual Result<int64_t> deleteIdleGuests(int64_t createdBeforeMs, int64_t nowMs) = 0;

  // Returns the new game's id; settings.id is ignored.
  virtual Result<int64_t> createGame(GameSettings settings) = 0;
  // Each fails with an error naming the game if it does not exist.
  virtual Result<void> updateGameSeats(int64_t game, int64_t blackUserId, int64_t whiteUserId) = 0;
  virtual Result<void> updateGameStatus(int64_t game, game::GameStatus status) = 0;
  // Ends a game: status finished (or cancelled) with its result, in one write.
  virtual Result<void> updateGameResult(int64_t game, game::GameStatus status,
                                        const std::optional<game::GameResult>& result) = 0;

  // nullopt for an unknown id. A row whose text columns do not parse (game_row_text.h) is an
  // error naming the game and the column.
  virtual Result<std::optional<LoadedGame>> loadGame(int64_t game) = 0;
  // The events with seq > afterSeq, in order: what a reconnecting client or a node that
  // missed a bus message needs.
  virtual Result<std::vector<GameEvent>> loadEvents(int64_t game, int64_t afterSeq) = 0;
  // Newest first. No status lists every game. A row that does not parse fails the list,
  // naming it.
  virtual Result<std::vector<GameSettings>> listGames(std::optional<game::GameStatus> status,
                                                      int limit) = 0;
  // The finished games `user` played, newest first, `offset` skipped, at most `limit`; only
  // those on a size x size board when `size` is not 0.
  virtual Result<std::vector<GameSettings>> listFinishedGamesOf(int64_t user, int size, int offset,
                                                                int limit) = 0;

  // Ends a game: status (finished or cancelled) and result, and when `rating` is given and
  // the game's row says rated, both players' ratings and their history, all in one
  // transaction. Without `rating` (or when cancelled) the row's `rated` becomes false: once a
  // game has ended, `rated` says whether it was rated, not whether the table asked. Only the write
  // that moves the game out of open or playing does anything: true when this call ended it, false
  // when it had already ended (and was rated then, if at all), so a game is never rated twice.
  // Fails for an unknown game.
  virtual Result<bool> finishGame(int64_t game, game::GameStatus status,
                                  const std::optional<game::GameResult>& result,
                                  const std::optional<RatedGame>& rating) = 0;
  // Every category the user has been rated in.
  virtual Result<std::vector<CategoryRating>> ratingsOf(int64_t user) = 0;
  // The user's ratings after each rated game, oldest first, at most `limit`, newest kept.
  virtual Result<std::vector<RatingPoint>> ratingHistory(int64_t user, int limit) = 0;
  // The user's rating in `category` as it stood at atMs: the point of the last rated game that
  // ended at or before then, nullopt before the first (a newcomer's rating).
  virtual Result<std::optional<RatingPoint>> ratingAt(int64_t user, const std::string& category,
                                                      int64_t atMs) = 0;

  // The "Learn to play" track (docs/lessons.md): lessons a registered account has finished.
  // Recording one twice keeps the first time; the user must exist.
  virtual Result<void> recordLessonDone(int64_t user, const std::string& lesson) = 0;
  // In the order they were finished.
  virtual Result<std::vector<std::string>> lessonsDone(int64_t user) = 0;

  // The last time a server on this store was known alive (migrations/0006_server_alive.sql):
  // a running server records it every few seconds and once more when it stops; the next one
  // reads it before recording its own, to charge running clocks fairly. Recording an earlier
  // time than the stored one keeps the later. nullopt before any was recorded.
  virtual Result<void> recordAlive(int64_t atMs) = 0;
  virtual Result<std::optional<int64_t>> lastAliveMs() = 0;

  // Vacation banks (migrations/0007_vacations.sql): nullopt for an account that never wrote
  // one; saving replaces the row (the user must exist); those on vacation now, by user id.
  virtual Result<std::optional<Vacation>> vacationOf(int64_t user) = 0;
  virtual Result<void> saveVacation(int64_t user, const Vacation& vacation) = 0;
  virtual Result<std::vector<std::pair<int64_t, Vacation>>> vacationsUnderway() = 0;

  // Conditional moves (migrations/0013_conditional_moves.sql): one row per game and player;
  // saving replaces it (game and user must exist), dropping a row that is not there is no
  // error. A row goes with its game or user.
  virtual Result<std::optional<ConditionalMoves>> conditionalMovesOf(int64_t game,
                                                                     int64_t user) = 0;
  virtual Result<void> saveConditionalMoves(int64_t game, int64_t user,
                                            const ConditionalMoves& moves) = 0;
  virtual Result<void> dropConditionalMoves(int64_t game, int64_t user) = 0;
  // Engine reviews (migrations/0016_engine_reviews.sql): nullopt until one was saved for
  // the game at that budget. Saving writes the review and its positions in one transaction;
  // a review already saved for the game and budget is kept (the first to finish wins, both
  // computed the same thing) and saving again is no error. Reviews go with their game.
  virtual Result<std::optional<EngineReview>> engineReviewOf(int64_t game, int64_t playouts) = 0;
  virtual Result<void> saveEngineReview(int64_t game, const EngineReview& review) = 0;
  // Review boards and uploads (review_rows.h, migrations/0015_reviews.sql). createReview
  // returns the new id (the owner, and the game if any, must exist); saveReview replaces the
  // tree, node and controllers (false: no such review). Lists are newest first, without the
  // SGF, at most `limit`. deleteUpload is false when the upload is not the owner's.
  virtual Result<int64_t> createReview(ReviewRow row) = 0;
  virtual Result<bool> saveReview(const ReviewRow& row) = 0;
  // saveReview only over the version the caller read, for reviews followed on several nodes
  // (site/review/review_service.h): a review's updated_ms is its version. Writes when the row
  // still holds `readVersion`, setting updated_ms to max(row.updatedMs or now,
  // readVersion + 1) so that it always grows, and returns that new version; nullopt when the
  // row holds another version (a newer tree saved by another node, never overwritten) or is
  // gone.
  virtual Result<std::optional<int64_t>> saveReviewOver(const ReviewRow& row,
                                                        int64_t readVersion) = 0;
  virtual Result<std::optional<ReviewRow>> loadReview(int64_t id) = 0;
  virtual Result<std::vector<ReviewRow>> reviewsOfGame(int64_t game, int limit) = 0;
  virtual Result<std::vector<ReviewRow>> reviewsOfOwner(int64_t owner, int limit) = 0;
  virtual Result<int64_t> countReviewsOf(int64_t owner) = 0;
  virtual Result<int64_t> createUpload(UploadRow row) = 0;
  // createUpload within the owner's library limits, checked and written in one step, so that
  // two uploads at once cannot both pass them: the new id, or 0 when the library would then
  // hold more than `maxCount` files or `maxBytes` bytes of SGF.
  virtual Result<int64_t> createUploadWithin(UploadRow row, int64_t maxCount, int64_t maxBytes) = 0;
  virtual Result<std::vector<UploadRow>> uploadsOf(int64_t owner, int limit) = 0;
  virtual Result<std::optional<UploadRow>> loadUpload(int64_t id) = 0;
  virtual Result<bool> deleteUpload(int64_t id, int64_t owner) = 0;
  // The owner's uploads: how many, and their bytes in all.
  virtual Result<std::pair<int64_t, int64_t>> uploadTotalsOf(int64_t owner) = 0;

  // The lobby's chat (lobby_chat_rows.h, migrations/0017_lobby_chat.sql). appendLobbyChat
  // returns the new line's id (larger than every earlier one) and, in the same transaction,
  // deletes all but the last `keepLines` lines; the writer must exist. recentLobbyChat gives
  // the last `limit` lines, oldest first, with their writers' names.
  virtual Result<int64_t> appendLobbyChat(const LobbyChatRow& row, int64_t keepLines) = 0;
  virtual Result<std::vector<LobbyChatRow>> recentLobbyChat(int limit) = 0;

  // Moderation (moderation_rows.h, migrations/0011_moderation.sql).
  // Blocks: true when the call changed something (blocking twice, or unblocking somebody not
  // blocked, changes nothing). A user cannot block themself; both users must exist.
  virtual Result<bool> setBlock(int64_t blocker, int64_t blocked, bool on) = 0;
  // Whom `blocker` blocks, by name.
  virtual Result<std::vector<UserRef>> blockedBy(int64_t blocker) = 0;
  // Every block as (blocker, blocked): what a starting server holds in memory.
  virtual Result<std::vector<std::pair<int64_t, int64_t>>> allBlocks() = 0;
  virtual Result<std::vector<Role>> rolesOf(int64_t user) = 0;
  // Returns the new report's id. Fails when a user or the game does not exist.
  virtual Result<int64_t> createReport(Report report) = 0;
  // How many reports `reporter` made at or after sinceMs: the rate limit's count.
  virtual Result<int64_t> reportsSince(int64_t reporter, int64_t sinceMs) = 0;
  // Open reports oldest first (the queue), or the resolved ones newest first; at most `limit`.
  virtual Result<std::vector<Report>> listReports(bool resolved, int limit) = 0;
  // Applies `action` and logs it, in one transaction; only a Done outcome writes anything. A
  // ban also ends every login session of the user (ModerationResult::endedSessions). An annul
  // takes back the game's rating changes (migrations/0011_moderation.sql says how).
  virtual Result<ModerationResult> applyModeration(ModerationAction action) = 0;
  // Newest first, at most `limit`.
  virtual Result<std::vector<ModerationAction>> moderationLog(int limit) = 0;
  // The mutes and bans in force at nowMs (those with an end after it, or none).
  virtual Result<std::vector<RestrictionRow>> restrictionsInForce(int64_t nowMs) = 0;
  // The user's restriction of `kind` in force at nowMs; nullopt when none.
  virtual Result<std::optional<RestrictionRow>> restrictionOf(int64_t user, Restriction kind,
                                                              int64_t nowMs) = 0;

  // Game leases. A game's lease names its holder and a token; it is live while the holder's
  // node lease is (one row per node, which the node's beat renews, whatever the number of its
  // games). acquireLease extends `node`'s lease to at least nowMs + ttlMs and gives it the
  // game when nobody holds it, when the holder's lease expired by nowMs, or when `node`
  // already holds it. The token stays while the holder stays `node`; a new holder's is one
  // more than the last. nullopt while another node's lease is live. The game must exist.
  virtual Result<std::optional<GameLease>> acquireLease(int64_t game, const std::string& node,
                                                        int64_t nowMs, int64_t ttlMs) = 0;
  // Gives the game up at once (so another node need not wait for the holder's lease to
  // expire), if `lease` is still the game's; otherwise does nothing. The token stays, so the
  // next holder's is larger.
  virtual Result<void> releaseLease(const GameLease& lease) = 0;
  // The game's lease as stored, its holder's expiry included, expired or not; nullopt when it
  // never had one.
  virtual Result<std::optional<GameLease>> leaseOf(int64_t game) = 0;
  // A node's beat: extends its lease to at least nowMs + ttlMs (one row; on PostgreSQL outside
  // the queue of writes, so a busy node keeps its games) and returns the games still open or
  // in play that it holds. A game another node took meanwhile is not among them: its room on
  // `node` must stop running the game.
  virtual Result<std::vector<int64_t>> renewLeases(const std::string& node, int64_t nowMs,
                                                   int64_t ttlMs) = 0;
  // Up to `limit` games still open or in play whose holder's lease expired by nowMs (or that
  // nobody holds), oldest expiry first: the games a dead node ran, for the living to take over
  // (docs/scaling.md).
  virtual Result<std::vector<GameLease>> expiredLeases(int64_t nowMs, int limit) = 0;

  // Tournaments (tournament_rows.h, migrations/0010_tournaments.sql). The creator becomes the
  // first director; returns the new id (row.id is ignored). Fails when the creator does not
  // exist.
  virtual Result<int64_t> createTournament(TournamentRow row) = 0;
  // Newest first, at most `limit`.
  virtual Result<std::vector<TournamentRow>> listTournaments(int limit) = 0;
  // nullopt for an unknown id.
  virtual Result<std::optional<StoredTournament>> loadTournament(int64_t id) = 0;
  // Each of these fails with an error naming the tournament (or user) that does not exist.
  virtual Result<void> updateTournamentStatus(int64_t id, const std::string& status) = 0;
  // Adding a director twice keeps the first entry.
  virtual Result<void> addTournamentDirector(int64_t id, int64_t user) = 0;
  // Registers `entrant` at the end of the list, or updates its row in place (its position, the
  // player's index in the pairing, stays).
  virtual Result<void> saveTournamentEntrant(int64_t id, const TournamentEntrant& entrant) = 0;
  // Deletes a registration; false when there was none.
  virtual Result<bool> removeTournamentEntrant(int64_t id, int64_t user) = 0;
  // Writes one round's boards (all of one round), all or none: false, and nothing written,
  // when that round already has boards, so two directors (or nodes) cannot both pair it.
  virtual Result<bool> createTournamentRound(int64_t id,
                                             const std::vector<TournamentBoard>& boards) = 0;
  // The game a board opened. Fails for an unknown board.
  virtual Result<void> setTournamentBoardGame(int64_t id, int round, int board, int64_t game) = 0;
  // A board's result: one played on the board only while the board has none (a game ends
  // once), a decision always. True when written; fails for an unknown board.
  virtual Result<bool> recordTournamentResult(int64_t id, int round, int board,
                                              const std::string& result, bool byDecision) = 0;
  // The board that opened `game`; nullopt for a game of no tournament.
  virtual Result<std::optional<TournamentBoardRef>> tournamentBoardOfGame(int64_t game) = 0;
  // Rounds that are paired first and started later (0012_tournament_rounds.sql). Marks
  // `round` started: true when it is paired and the next to start; false, and nothing written,
  // when it started already (another director or node was first) or is not paired.
  virtual Result<bool> startTournamentRound(int64_t id, int round) = 0;
  // Rewrites the players, handicap and komi of `boards` (of one round, found by round and
  // board), all or none: false, and nothing written, once that round has started. Fails for
  // an unknown board.
  virtual Result<bool> editTournamentBoards(int64_t id,
                                            const std::vector<TournamentBoard>& boards) = 0;
  // Claims a board to open its game, before the game is created: true for the one caller
  // that finds it with no game and no claim (its openingMs becomes nowMs).
  virtual Result<bool> claimTournamentBoard(int64_t id, int round, int board, int64_t nowMs) = 0;
  // Makes `node` the one that runs the tournament, when nobody does, `node` does already, or
  // the runner's node lease (renewLeases) expired by nowMs. True when `node` runs it now.
  virtual Result<bool> takeTournament(int64_t id, const std::string& node, int64_t nowMs) = 0;
  // The games `user` plays in running tournaments whose boards have no result yet (at most
  // 20), by tournament, round and board.
  virtual Result<std::vector<TournamentGameInPlay>> tournamentGamesInPlay(int64_t user) = 0;

  // Appends one command's events to their game's log in one transaction: all of them or none.
  // They must all be of one game, with consecutive seqs starting at exactly that game's next
  // seq, else Conflict (two writers can never both write move 57, and a log is always 1..n).
  // An empty list, or one that mixes games or skips a seq, fails without writing. `done` runs
  // exactly once, after the events are committed (or have failed), on the store's writer
  // thread: it must be quick and must not call back into the store synchronously (post to
  // the game's strand instead). Appends made from one thread complete in the order they were
  // made.
  virtual void appendEvents(std::vector<GameEvent> events,
                            std::function<void(AppendResult)> done) = 0;
  // appendEvents, but only while the game's lease has `token`: otherwise Fenced, and nothing
  // is written. The check and the write are one transaction, so an owner replaced between
  // them cannot slip a write in.
  virtual void appendEventsFenced(std::vector<GameEvent> events, int64_t token,
                                  std::function<void(AppendResult)> done) = 0;
  // appendEvents of one event.
  void appendEvent(GameEvent e, std::function<void(AppendResult)> done);

  // appendEvents and wait, for tests and tools. From an append callback it would wait for
  // itself; implementations detect that and fail instead where they can.
  virtual AppendResult appendEventsSync(std::vector<GameEvent> events);
  AppendResult appendEventSync(GameEvent e);
};

}  // namespace tengen::store
