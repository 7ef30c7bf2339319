#include "tournament/handicap.h"

#include <algorithm>
#include <cstdlib>

namespace tengen::tournament {

GameTerms handicapTerms(const TournamentSettings& settings, Rank rankA, HalfPoints scoreA,
                        Rank rankB, HalfPoints scoreB) {
  const GameTerms even{0, settings.komi};
  const HandicapPolicy& policy = settings.handicap;
  if (settings.system != PairingSystem::McMahon || !policy.enabled) return even;
  if (policy.noneAboveBar && rankA >= settings.bar && rankB >= settings.bar) return even;
  const int difference = std::abs(scoreA.value - scoreB.value) / 2;
  const int stones = std::min(difference - policy.reduction, policy.maxStones);
  if (stones <= 0) return even;
  if (stones == 1 && !policy.noKomiAtThreshold) return even;
  return {stones, policy.handicapKomi};
}

}  // namespace tengen::tournament
