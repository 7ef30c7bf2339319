#pragma once

// Round robin by Berger tables (tournaments-reference "The systems"): everyone meets everyone
// once, one round at a time, colours within one of balanced for every player. With an odd
// number of players a phantom makes the count even; its partner has the bye.

#include "base/result.h"
#include "tournament/tournament.h"

namespace tengen::tournament {

// Rounds a round robin of `playerCount` players takes: n - 1 (even n) or n (odd n).
int roundRobinRounds(int playerCount);

// Round `roundIndex` (0-based). Berger numbers go to the players in an order the seed draws
// (the lot a director would draw). Errors: fewer than 2 players, a round past the last.
Result<Round> roundRobinRound(const Tournament& t, int roundIndex);

}  // namespace tengen::tournament
