#pragma once

// The cost of pairing two players in a McMahon or Swiss round: the criteria of the reference
// ("Pairing rules that every system shares") as tiers, each one worth more than all lower
// tiers together over a whole round, so the matching of least total cost satisfies them in
// order of priority:
//   1. no repeat pairs (times met before);
//   2. colour balance within one: no even game between two players who both have had one
//      colour more often (one of them would be two ahead);
//   3. equal scores (squared score difference: two one-group floats beat one two-group float);
//   4. draw-ups/downs compensated (a player drawn up before is not drawn up again, one drawn
//      down is preferably drawn up, and the other way round);
//   5. colour preference (the larger the imbalance, and the same colour last round);
//   6. club avoidance, when the director asks for it;
//   7. the group order: split and fold, split and slip, or none (random);
//   8. a seeded random tie-break.
// Two orders differ from the reference's list (docs/tournaments.md, "Pairing"): the colour
// limit (2) ranks above the score groups, as absolute colour rules do in chess's Swiss
// systems, so that no player is ever two colours ahead when a pairing avoids it; the gentler
// colour preference (5) stays below the floats. Club avoidance sits above the group order:
// below it, the fold would decide nearly every pair and the clubs would never matter.

#include <cstdint>

#include "tournament/max_weight_matching.h"
#include "tournament/pairing_profile.h"
#include "tournament/settings.h"

namespace tengen::tournament {

// Where a player stands in the round's order: the score group (equal scores) and the position
// in it, strongest first.
struct GroupPlace {
  int group = 0;  // 0 is the top group
  int position = 0;
  int groupSize = 1;
};

struct PairCandidate {
  PlayerId id = 0;
  const Player* player = nullptr;
  const PairingProfile* profile = nullptr;
  GroupPlace place;
};

// Whether the pair would play a handicap game (then the stones decide the colours).
MatchingWeight pairCost(const TournamentSettings& settings, const PairCandidate& a,
                        const PairCandidate& b, bool handicapGame);

// The most players one McMahon or Swiss round pairs. The tiers would stay exact up to 2,000;
// the matching's O(n^3) sets the limit: about 60 ms for 200 players, 0.5 s for 500 and 13 s for
// 1,000 on the development machine (docs/tournaments.md).
inline constexpr int kMaxPairedPlayers = 1000;

}  // namespace tengen::tournament
