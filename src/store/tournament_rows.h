#pragma once

// Plain rows of the site's tournaments (migrations/0010_tournaments.sql, 0012), as Store keeps
// them. The store knows nothing of pairing or scoring: site/tournaments turns these rows into a
// tournament::Tournament and back. Ids are user and game ids; 0 means "none".

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tengen::store {

// A tournament's head row. `settings` is the site's encoding of what the director announced
// (system, rounds, board, clock...): the store keeps the text as it is.
struct TournamentRow {
  int64_t id = 0;
  std::string name;
  std::string status;  // "registering", "running" or "finished"
  std::string settings;
  int64_t createdBy = 0;  // the first director
  int64_t createdMs = 0;  // 0 on create: the store stamps the current time
  // Rounds whose games were opened (0012_tournament_rounds.sql); a round paired beyond it is
  // pending: visible, editable by a director, not yet played. 0 on create.
  int roundsStarted = 0;
  bool operator==(const TournamentRow&) const = default;
};

// One registration. Entrants are listed in the order they registered; that order is each
// one's player index in the tournament engine, so a withdrawal after round 1 keeps the row
// (`withdrawn`) instead of deleting it.
struct TournamentEntrant {
  int64_t user = 0;
  std::string name;  // as listed in the standings and the results file
  std::string rank;  // "5k", "2d": tournament::Rank's text
  std::string club;
  std::string country;
  bool checkedIn = false;
  bool withdrawn = false;
  bool operator==(const TournamentEntrant&) const = default;
};

// One board of one round, or a bye (white == 0). `result` is "" until known, then the game
// core's result text ("B+R", "W+3.5", "Draw"...) or a decision ("B+", "W+", "Jigo", "0-0").
struct TournamentBoard {
  int round = 1;  // 1-based
  int board = 1;  // 1-based within the round
  int64_t black = 0;
  int64_t white = 0;
  int handicap = 0;
  double komi = 6.5;
  int64_t game = 0;  // the site's game, once opened
  std::string result;
  bool byDecision = false;
  // When a node claimed the board to open its game (before creating it); 0: not yet.
  int64_t openingMs = 0;
  bool operator==(const TournamentBoard&) const = default;
};

// All of one tournament, read in one snapshot.
struct StoredTournament {
  TournamentRow row;
  std::vector<int64_t> directors;  // creator first, then in the order they were added
  std::vector<TournamentEntrant> entrants;
  std::vector<TournamentBoard> boards;  // by round, then board
};

// A tournament game in play, as its players are told of it (Store::tournamentGamesInPlay):
// names as the tournament lists them.
struct TournamentGameInPlay {
  int64_t tournament = 0;
  std::string name;  // the tournament's
  int round = 0;
  int board = 0;
  int64_t game = 0;
  int64_t black = 0;
  std::string blackName;
  int64_t white = 0;
  std::string whiteName;
  bool operator==(const TournamentGameInPlay&) const = default;
};

// Where a game sits in a tournament.
struct TournamentBoardRef {
  int64_t tournament = 0;
  int round = 0;
  int board = 0;
  bool operator==(const TournamentBoardRef&) const = default;
};

}  // namespace tengen::store
