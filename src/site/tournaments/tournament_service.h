#pragma once

// Runs the site's tournaments (docs/protocol.md, "Tournaments") on the store: creation, the
// players' registration, withdrawal and check-in, the directors' changes to the list, the
// start of a round (paired by tengen_tournament, every game opened at once) and the results.
// Every call reads the tournament from the store, checks, writes, and answers with the
// tournament as it now stands, so nothing lives only in memory and a restart loses nothing.
//
// All calls block on the store: run them on the blocking pool, never on an I/O thread. One
// mutex serialises the changes of this node; createTournamentRound's all-or-none write keeps
// two nodes from pairing one round twice.

#include <boost/json/object.hpp>

#include <cstdint>
#include <expected>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <utility>

#include "game/game_result.h"
#include "server/message_handlers.h"
#include "site/site_context.h"
#include "site/tournaments/tournament_state.h"

namespace tengen::site {

using TournamentAnswer = std::expected<boost::json::object, server::HandlerError>;

// A director's change of a paired round before it starts (tournament/director_edits.h).
enum class PairingEditKind { SwapColours, Repair, Handicap };
struct PairingEdit {
  PairingEditKind kind = PairingEditKind::SwapColours;
  int board = 0;       // 1-based
  int otherBoard = 0;  // Repair: the board whose White changes places with `board`'s
  int handicap = 0;    // Handicap: 0..9 stones (1: no komi)
  double komi = 0;     // Handicap
};

// Who acts: a logged-in account (guests are refused by the handlers before).
struct TournamentActor {
  int64_t id = 0;
  std::string name;
};

class TournamentService {
 public:
  explicit TournamentService(SiteContext& context) : context_(context) {}

  // The tournament's JSON (tournament_json.h), or not_found.
  TournamentAnswer show(int64_t id);
  // `settings`: tournament_config.h's fields. The creator becomes its director.
  TournamentAnswer create(const TournamentActor& actor, const boost::json::object& settings);
  // rank: "" for the player's rank on the site.
  TournamentAnswer join(const TournamentActor& actor, int64_t id, const std::string& rank);
  TournamentAnswer withdraw(const TournamentActor& actor, int64_t id);
  TournamentAnswer checkIn(const TournamentActor& actor, int64_t id);
  // Directors only.
  TournamentAnswer addPlayer(const TournamentActor& actor, int64_t id, const std::string& name,
                             const std::string& rank);
  TournamentAnswer removePlayer(const TournamentActor& actor, int64_t id, const std::string& name);
  TournamentAnswer addDirector(const TournamentActor& actor, int64_t id, const std::string& name);
  // The tournament games `actor` plays now, as `tournament_game` tells of them:
  // {"type":"tournament_games","games":[…]}.
  TournamentAnswer gamesInPlay(const TournamentActor& actor);
  // A player list as CSV (tournament/player_csv.h: name,rank,club[,country]), each name a
  // registered account's: all are added and checked in as addPlayer does, or none, with an
  // error naming the line.
  TournamentAnswer importPlayers(const TournamentActor& actor, int64_t id, const std::string& csv);
  // Pairs the next round without starting it: its boards are stored and shown to everyone, and
  // a director may edit them (editPairing) until the round starts.
  TournamentAnswer pairRound(const TournamentActor& actor, int64_t id);
  TournamentAnswer editPairing(const TournamentActor& actor, int64_t id, const PairingEdit& edit);
  // Starts the paired round (pairing it first when none waits): every game opens at once.
  TournamentAnswer startRound(const TournamentActor& actor, int64_t id);
  // result: "B+", "W+", "Jigo" or "0-0".
  TournamentAnswer setResult(const TournamentActor& actor, int64_t id, int round, int board,
                             const std::string& result);

  // A game ended with `result` (the game core's text): if it is a tournament board's, the
  // board takes it. From the rooms' feed (tournament_feed.h), on the blocking pool.
  void gameEnded(int64_t game, const std::optional<game::GameResult>& result);
  // At start: results of games that ended while nobody listened (a crash between the game's
  // end and the board's write), and games not yet opened for a started round.
  void resume();
  // Pairs and starts every round whose start time (TournamentConfig::roundStartsMs) has come
  // and whose previous round has ended. From TournamentClock, on the blocking pool.
  void startDueRounds(int64_t now);

 private:
  Result<std::optional<TournamentState>> load(int64_t id);
  // The tournament as the store holds it: not_found when there is none, store_failed when the
  // store fails.
  std::expected<TournamentState, server::HandlerError> found(int64_t id);
  // found(), for an action only its directors may take (not_director for anyone else).
  std::expected<TournamentState, server::HandlerError> directedBy(const TournamentActor& actor,
                                                                  int64_t id);
  TournamentAnswer answer(int64_t id);
  // Whether this node runs the tournament (its timer and its games' opening): always when it is
  // alone; with several nodes, while it holds the tournament (Store::takeTournament).
  bool runsHere(int64_t id);
  // The next round's boards, paired and stored (mutex_ held): its number.
  std::expected<int, server::HandlerError> pairNext(const TournamentState& state);
  // Starts the paired round `round` (mutex_ held) and opens its games.
  std::expected<void, server::HandlerError> startPaired(int64_t id, int round);
  // The round's games, opened one by one: each board is claimed first and records its game as
  // soon as the store has it, so no restart or other node opens it twice.
  void openGames(const TournamentState& state, int round);
  // One board's game (claimed already): created, or found when a stop came between the claim
  // and the board's record (resuming).
  void openBoard(const TournamentState& state, const store::TournamentBoard& board, bool resuming);
  // After the game of a board started: its board records it; a game that ended already counts.
  void boardOpened(int64_t id, int round, int board, int64_t game);
  // Marks the tournament finished when its last round has every result.
  void finishIfDone(int64_t id);

  SiteContext& context_;
  std::mutex mutex_;
  // Rounds due that could not be paired (too few players): warned about once (under mutex_).
  std::set<std::pair<int64_t, int>> unpairable_;
};

}  // namespace tengen::site
