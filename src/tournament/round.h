#pragma once

// One round: its games (boards) with colours, handicap, komi and, once known, results; the
// players with a bye (one in a McMahon or Swiss round with an odd number of players, several in
// a knockout's first round); the players not paired (absent). Indices are PlayerIds.

#include <optional>
#include <vector>

#include "tournament/player.h"

namespace tengen::tournament {

enum class Outcome { BlackWins, WhiteWins, Jigo, BothLose };

// How the result came about: on the board, or set by the director (a decision, for example
// a no-show) or as a forfeit. The EGF file marks the last two as not played ("!").
enum class ResultSource { Played, Decision, Forfeit };

struct GameResult {
  Outcome outcome = Outcome::BlackWins;
  ResultSource source = ResultSource::Played;
  bool operator==(const GameResult&) const = default;
};

struct Pairing {
  int board = 1;  // 1-based, as announced
  PlayerId black = 0;
  PlayerId white = 0;
  int handicap = 0;  // stones; 1 means "no komi" (Black first), as in the EGF file
  double komi = 6.5;
  std::optional<GameResult> result;
  bool operator==(const Pairing&) const = default;
};

struct Round {
  std::vector<Pairing> games;
  std::vector<PlayerId> byes;
  std::vector<PlayerId> absent;
  bool operator==(const Round&) const = default;
};

}  // namespace tengen::tournament
