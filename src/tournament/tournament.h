#pragma once

// A tournament as the engine sees it: the settings, the players and the rounds so far
// (paired, possibly with results). Everything else (standings, the next pairing, the results
// file) is computed from this value.

#include <vector>

#include "tournament/player.h"
#include "tournament/round.h"
#include "tournament/settings.h"

namespace tengen::tournament {

struct Tournament {
  TournamentSettings settings;
  std::vector<Player> players;
  std::vector<Round> rounds;
};

}  // namespace tengen::tournament
