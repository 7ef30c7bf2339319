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
#include <string>

#include "server/message_handlers.h"
#include "site/site_context.h"
#include "site/tournaments/tournament_state.h"

namespace tengen::site {

using TournamentAnswer = std::expected<boost::json::object, server::HandlerError>;

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
  TournamentAnswer startRound(const TournamentActor& actor, int64_t id);
  // result: "B+", "W+", "Jigo" or "0-0".
  TournamentAnswer setResult(const TournamentActor& actor, int64_t id, int round, int board,
                             const std::string& result);

  // A game ended with `result` (the game core's text): if it is a tournament board's, the
  // board takes it. From the rooms' feed (tournament_feed.h), on the blocking pool.
  void gameEnded(int64_t game, const std::string& result);
  // At start: results of games that ended while nobody listened (a crash between the game's
  // end and the board's write), and games not yet opened for a started round.
  void resume();

 private:
  Result<std::optional<TournamentState>> load(int64_t id);
  // The tournament as the store holds it: not_found when there is none, store_failed when the
  // store fails.
  std::expected<TournamentState, server::HandlerError> found(int64_t id);
  // found(), for an action only its directors may take (not_director for anyone else).
  std::expected<TournamentState, server::HandlerError> directedBy(const TournamentActor& actor,
                                                                  int64_t id);
  TournamentAnswer answer(int64_t id);
  // The round's games, opened one by one; each records its game id on its board.
  void openGames(const TournamentState& state, int round);
  // Marks the tournament finished when its last round has every result.
  void finishIfDone(int64_t id);

  SiteContext& context_;
  std::mutex mutex_;
};

}  // namespace tengen::site
