#pragma once

// The standings after the rounds of a tournament (tournaments-reference "Standings and
// tie-breaks"): main score, SOS, SOSOS, SODOS, the place with ties, and each round's entry.
//
// Rules where the reference leaves a choice (docs/tournaments.md, "Standings"):
// - a round without a game (bye or absence) counts in SOS as a virtual opponent whose score is
//   TieBreakPolicy::unplayed (default: the player's own starting score), and in SOSOS as that
//   score times the number of rounds (the virtual opponent's SOS);
// - with TieBreakPolicy::correctSosForHandicap, a handicap game's opponent score enters SOS
//   and SODOS plus the stones given, minus the stones received;
// - SODOS sums the (corrected) scores of the opponents beaten; a jigo, a bye and a loss add 0;
// - a game without a result yet counts as a game (its opponent enters SOS) worth 0 so far.

#include <vector>

#include "tournament/history.h"
#include "tournament/tournament.h"

namespace tengen::tournament {

struct StandingRow {
  PlayerId player = 0;
  int place = 1;  // equal on every tie-break of the policy: the same place
  HalfPoints mainScore;
  HalfPoints sos;
  HalfPoints sosos;
  HalfPoints sodos;
  std::vector<RoundEntry> rounds;
};

// Rows in place order (ties in rank order, then by name) over all of `t.rounds`.
std::vector<StandingRow> computeStandings(const Tournament& t);

// The main score of every player (by PlayerId) after the first `roundCount` rounds.
std::vector<HalfPoints> mainScoresAfter(const Tournament& t, int roundCount);

}  // namespace tengen::tournament
