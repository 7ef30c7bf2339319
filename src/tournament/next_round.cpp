#include "tournament/next_round.h"

#include <string>

#include "tournament/elimination.h"
#include "tournament/round_robin.h"
#include "tournament/score_pairing.h"

namespace tengen::tournament {

Result<Round> pairNextRound(const Tournament& t, const std::vector<PlayerId>& absent) {
  const int next = static_cast<int>(t.rounds.size());
  if (next >= t.settings.rounds)
    return fail("the tournament has all its " + std::to_string(t.settings.rounds) + " rounds");
  switch (t.settings.system) {
    case PairingSystem::McMahon:
    case PairingSystem::Swiss:
      return pairScoreRound(t, absent);
    case PairingSystem::RoundRobin:
      return roundRobinRound(t, next);
    case PairingSystem::SingleElimination:
      return eliminationRound(t);
  }
  return fail("unknown pairing system");
}

}  // namespace tengen::tournament
