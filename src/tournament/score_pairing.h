#pragma once

// The next round of a McMahon or Swiss tournament: the bye (when the players present are odd),
// then one maximum-weight matching over all pairs of the others with pair_cost.h's tiers,
// then colours, handicap and boards. Deterministic: a function of the tournament, the absent
// players and settings.seed.

#include <vector>

#include "base/result.h"
#include "tournament/tournament.h"

namespace tengen::tournament {

// Preconditions: t.settings.system is McMahon or Swiss. `absent` lists players not to pair
// (withdrawn, not checked in). Errors: more players than the pairing handles, an absent id
// that is no player.
Result<Round> pairScoreRound(const Tournament& t, const std::vector<PlayerId>& absent);

// Who sits out with a bye among `present` (odd): the fewest byes so far, then the lowest score,
// then the lowest rank, then the seed.
PlayerId chooseBye(const Tournament& t, const std::vector<PlayerId>& present);

}  // namespace tengen::tournament
