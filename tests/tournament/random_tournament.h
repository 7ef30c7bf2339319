#pragma once

// Random tournaments for the pairing's property tests: players with random ranks and clubs,
// rounds paired by the engine and given random results.

#include <cstdint>
#include <random>

#include "tournament/tournament.h"

namespace tengen::tournament::testing {

std::vector<Player> randomPlayers(std::mt19937_64& rng, int count);

// Gives every game of `round` a random result (mostly the stronger player wins; a few jigos).
void playRandomResults(Round& round, const std::vector<Player>& players, std::mt19937_64& rng);

}  // namespace tengen::tournament::testing
