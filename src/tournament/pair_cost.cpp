#include "tournament/pair_cost.h"

#include <algorithm>
#include <cstdlib>

#include "tournament/seeded_hash.h"

namespace tengen::tournament {

namespace {

// Room left under each tier for the sum of all lower tiers over a round: at most
// kMaxPairedPlayers / 2 pairs, each below one unit of the tier above.
constexpr MatchingWeight kPairsBound = 1024;
static_assert(kPairsBound > kMaxPairedPlayers / 2);

struct Tier {
  int value;
  int range;  // value < range
};

int floatCost(const PairingProfile& up, const PairingProfile& down) {
  // The lower player is drawn up, the higher drawn down: cheap when it compensates an
  // earlier float the other way, dear when it repeats one.
  auto side = [](int balance, int sameDirection) {
    if (balance * sameDirection > 0) return 3;
    if (balance == 0) return 1;
    return 0;
  };
  return side(up.floatBalance, +1) + side(down.floatBalance, -1);
}

int colourCost(const PairingProfile& a, const PairingProfile& b) {
  // Both already have more Black (or both more White): one of them gets that colour again.
  if (a.colourBalance * b.colourBalance > 0)
    return std::min(7, 2 + std::min(std::abs(a.colourBalance), std::abs(b.colourBalance)));
  // Both had the same colour last time: one repeats it, balance stays within one.
  if (a.lastColour != 0 && a.lastColour == b.lastColour) return 1;
  return 0;
}

int groupCost(GroupOrder order, const GroupPlace& a, const GroupPlace& b) {
  if (order == GroupOrder::Random) return 0;
  if (a.group != b.group) {
    // Across groups: the floater of the higher group is its last, that of the lower its first.
    const GroupPlace& high = a.group < b.group ? a : b;
    const GroupPlace& low = a.group < b.group ? b : a;
    return std::min(511, (high.groupSize - 1 - high.position) + low.position);
  }
  const int m = a.groupSize;
  if (order == GroupOrder::Fold) return std::min(511, std::abs(a.position + b.position - (m - 1)));
  return std::min(511, std::abs(std::abs(a.position - b.position) - m / 2));
}

}  // namespace

MatchingWeight pairCost(const TournamentSettings& settings, const PairCandidate& a,
                        const PairCandidate& b, bool handicapGame) {
  const PairingProfile& pa = *a.profile;
  const PairingProfile& pb = *b.profile;
  const int difference = std::abs(pa.score.value - pb.score.value);
  const PairCandidate& low = pa.score < pb.score ? a : b;
  const PairCandidate& high = pa.score < pb.score ? b : a;
  const bool sameClub =
      settings.avoidSameClub && !a.player->club.empty() && a.player->club == b.player->club;
  const Tier tiers[] = {
      {std::min(3, pa.timesMet[b.id]), 4},
      {!handicapGame && pa.colourBalance * pb.colourBalance > 0 ? 1 : 0, 2},
      {std::min(4095, difference * difference), 4096},
      {difference == 0 ? 0 : floatCost(*low.profile, *high.profile), 8},
      {handicapGame ? 0 : colourCost(pa, pb), 8},
      {sameClub ? 1 : 0, 2},
      {groupCost(settings.groupOrder, a.place, b.place), 512},
      {static_cast<int>(seededHash(settings.seed, std::min(a.id, b.id), std::max(a.id, b.id)) & 15),
       16},
  };
  MatchingWeight cost = 0;
  for (const Tier& t : tiers) cost = cost * (t.range * kPairsBound) + t.value;
  return cost;
}

}  // namespace tengen::tournament
