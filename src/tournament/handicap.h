#pragma once

// The stones and komi of a McMahon game (HandicapPolicy; tournaments-reference "Handicap in
// McMahon"). Other systems, and a disabled policy, always give an even game.

#include "tournament/player.h"
#include "tournament/score.h"
#include "tournament/settings.h"

namespace tengen::tournament {

struct GameTerms {
  int stones = 0;  // 0 even; 1 "no komi" (Black first); 2..9 handicap stones
  double komi = 6.5;
  bool operator==(const GameTerms&) const = default;
};

// The terms between two players with these ranks and main scores before the round. The MMS
// difference counts in whole points (a half point less than a whole does not add a stone).
GameTerms handicapTerms(const TournamentSettings& settings, Rank rankA, HalfPoints scoreA,
                        Rank rankB, HalfPoints scoreB);

}  // namespace tengen::tournament
