#pragma once

// One tournament as the site reads it from the store, turned into the engine's value
// (tournament/tournament.h): entrants in registration order are PlayerIds 0..n-1, each round's
// boards its games and byes. Built fresh from the store for every action and every read, so
// what the site shows is what the store holds, across restarts and nodes.

#include <optional>
#include <string>
#include <vector>

#include "base/result.h"
#include "site/tournaments/tournament_config.h"
#include "store/tournament_rows.h"
#include "tournament/tournament.h"

namespace tengen::site {

struct TournamentState {
  store::StoredTournament stored;
  TournamentConfig config;
  tournament::Tournament engine;

  std::optional<tournament::PlayerId> playerOf(int64_t user) const;
  int64_t userOf(tournament::PlayerId player) const { return stored.entrants[player].user; }
  bool isDirector(int64_t user) const;
  int roundsPaired() const { return static_cast<int>(engine.rounds.size()); }
  // Every game of the last round has a result (true before round 1).
  bool lastRoundDone() const;
  // Rounds whose games were opened; a round paired beyond them waits for its start.
  int roundsStarted() const { return stored.row.roundsStarted; }
  bool hasPendingRound() const { return roundsPaired() > roundsStarted(); }
  // Every game of the last started round has a result (true before round 1).
  bool startedRoundsDone() const;
  // The engine's tournament without a pending round: what the standings and the results file
  // count (a pairing not yet started is no game, and its opponents are no one's SOS yet).
  tournament::Tournament startedRounds() const;
};

// Fails when a stored row does not read back (settings, a rank, a board naming nobody).
Result<TournamentState> tournamentState(store::StoredTournament stored);

// A board's stored result text as the engine's result: a game's "B+R", "W+3.5" or a
// decision "B+", "W+", "Jigo", "0-0". nullopt for "" (no result yet) and anything unknown.
std::optional<tournament::GameResult> gameResultOf(const std::string& text, bool byDecision);

}  // namespace tengen::site
