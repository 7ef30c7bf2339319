#pragma once

// The pairing of the next round for any system: McMahon and Swiss by matching
// (score_pairing.h), round robin by Berger tables (round_robin.h), knockout by the bracket
// (elimination.h).

#include <vector>

#include "base/result.h"
#include "tournament/tournament.h"

namespace tengen::tournament {

// `absent`: players not to pair this round (McMahon and Swiss; a round robin or knockout keeps
// its schedule and the director sets such games by decision). Errors: the tournament has all
// its rounds (settings.rounds, or the schedule of a round robin or knockout), or what the
// system's pairing reports.
Result<Round> pairNextRound(const Tournament& t, const std::vector<PlayerId>& absent = {});

}  // namespace tengen::tournament
