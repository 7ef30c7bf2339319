#pragma once

// Single elimination (knockout): players seeded by rank into a bracket of the next power of
// two, 1 against the last seed, 2 against the second last, … placed so that the top seeds
// meet only in the last rounds; seeds without an opponent get a bye into round 2. The better
// seed takes White. A game that both lose sends neither on (the next opponent has a bye).

#include "base/result.h"
#include "tournament/tournament.h"

namespace tengen::tournament {

// ceil(log2(playerCount)): the rounds until one player is left.
int eliminationRounds(int playerCount);

// The bracket positions of seeds 1..size (size a power of two): 1, size, size/2+1, size/2, …
// so that seeds 1 and 2 can meet only in the final.
std::vector<int> bracketSeeds(int size);

// Round `t.rounds.size()` from the results so far. Errors: fewer than 2 players, a game of an
// earlier round without a winner (pending or jigo), the tournament already decided.
Result<Round> eliminationRound(const Tournament& t);

}  // namespace tengen::tournament
