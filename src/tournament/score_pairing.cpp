#include "tournament/score_pairing.h"

#include <algorithm>
#include <string>

#include "tournament/handicap.h"
#include "tournament/max_weight_matching.h"
#include "tournament/pair_cost.h"
#include "tournament/pairing_profile.h"
#include "tournament/seeded_hash.h"

namespace tengen::tournament {

namespace {

// Every pair's weight is this minus its cost: far above any sum of costs, so the heaviest
// matching pairs everyone (a perfect matching of an even complete graph) at least cost.
constexpr MatchingWeight kPairBase = static_cast<MatchingWeight>(1) << 110;

// Strongest first: score, then rank, then the seed (equal players in a seeded order).
std::vector<PlayerId> roundOrder(const Tournament& t, const std::vector<PairingProfile>& profiles,
                                 std::vector<PlayerId> ids) {
  std::sort(ids.begin(), ids.end(), [&](PlayerId a, PlayerId b) {
    if (profiles[a].score != profiles[b].score) return profiles[a].score > profiles[b].score;
    if (t.players[a].rank != t.players[b].rank) return t.players[a].rank > t.players[b].rank;
    const auto ha = seededHash(t.settings.seed, 0x6f72646572, a);
    const auto hb = seededHash(t.settings.seed, 0x6f72646572, b);
    return ha != hb ? ha < hb : a < b;
  });
  return ids;
}

// Black for the weaker in a handicap game; in an even game, for the one who has had White
// more often, then the one who had White last, then the seed.
bool firstTakesBlack(const Tournament& t, const std::vector<PairingProfile>& profiles, PlayerId a,
                     PlayerId b, const GameTerms& terms) {
  const PairingProfile& pa = profiles[a];
  const PairingProfile& pb = profiles[b];
  if (terms.stones > 0) {
    if (pa.score != pb.score) return pa.score < pb.score;
    return t.players[a].rank < t.players[b].rank;
  }
  if (pa.colourBalance != pb.colourBalance) return pa.colourBalance < pb.colourBalance;
  if (pa.lastColour != pb.lastColour) return pa.lastColour < pb.lastColour;
  const bool lowerIdBlack = (seededHash(t.settings.seed, std::min(a, b), std::max(a, b)) & 1) != 0;
  return lowerIdBlack == (a < b);
}

}  // namespace

PlayerId chooseBye(const Tournament& t, const std::vector<PlayerId>& present) {
  const auto profiles = pairingProfiles(t);
  return *std::min_element(present.begin(), present.end(), [&](PlayerId a, PlayerId b) {
    if (profiles[a].byes != profiles[b].byes) return profiles[a].byes < profiles[b].byes;
    if (profiles[a].score != profiles[b].score) return profiles[a].score < profiles[b].score;
    if (t.players[a].rank != t.players[b].rank) return t.players[a].rank < t.players[b].rank;
    const auto ha = seededHash(t.settings.seed, 0x627965, a);
    const auto hb = seededHash(t.settings.seed, 0x627965, b);
    return ha != hb ? ha < hb : a < b;
  });
}

Result<Round> pairScoreRound(const Tournament& t, const std::vector<PlayerId>& absent) {
  const int n = static_cast<int>(t.players.size());
  std::vector<bool> isAbsent(n, false);
  for (PlayerId p : absent) {
    if (p < 0 || p >= n)
      return fail("absent player " + std::to_string(p) + " is not registered (" +
                  std::to_string(n) + " players)");
    isAbsent[p] = true;
  }
  std::vector<PlayerId> present;
  for (PlayerId p = 0; p < n; ++p)
    if (!isAbsent[p]) present.push_back(p);
  if (static_cast<int>(present.size()) > kMaxPairedPlayers)
    return fail("cannot pair " + std::to_string(present.size()) + " players: at most " +
                std::to_string(kMaxPairedPlayers));

  Round round;
  for (PlayerId p = 0; p < n; ++p)
    if (isAbsent[p]) round.absent.push_back(p);
  if (present.size() % 2 == 1) {
    const PlayerId bye = chooseBye(t, present);
    round.byes.push_back(bye);
    present.erase(std::find(present.begin(), present.end(), bye));
  }

  const auto profiles = pairingProfiles(t);
  const std::vector<PlayerId> order = roundOrder(t, profiles, present);
  const int m = static_cast<int>(order.size());
  std::vector<PairCandidate> candidates(m);
  for (int i = 0, group = -1; i < m; ++i) {
    const bool newGroup = i == 0 || profiles[order[i]].score != profiles[order[i - 1]].score;
    if (newGroup) ++group;
    candidates[i] = {order[i],
                     &t.players[order[i]],
                     &profiles[order[i]],
                     {group, newGroup ? 0 : candidates[i - 1].place.position + 1, 1}};
  }
  for (int i = m - 1; i >= 0; --i) {
    const bool lastOfGroup =
        i == m - 1 || candidates[i + 1].place.group != candidates[i].place.group;
    candidates[i].place.groupSize =
        lastOfGroup ? candidates[i].place.position + 1 : candidates[i + 1].place.groupSize;
  }

  auto terms = [&](int i, int j) {
    return handicapTerms(t.settings, candidates[i].player->rank, candidates[i].profile->score,
                         candidates[j].player->rank, candidates[j].profile->score);
  };
  std::vector<WeightedEdge> edges;
  edges.reserve(static_cast<std::size_t>(m) * (m - 1) / 2);
  for (int i = 0; i < m; ++i)
    for (int j = i + 1; j < m; ++j)
      edges.push_back(
          {i, j,
           kPairBase - pairCost(t.settings, candidates[i], candidates[j], terms(i, j).stones > 0)});
  const std::vector<int> mate = maximumWeightMatching(m, edges);

  // Boards in the round's order: the top group's games first.
  for (int i = 0; i < m; ++i) {
    const int j = mate[i];
    if (j < i) continue;  // -1 cannot happen: the matching is perfect (see kPairBase)
    const GameTerms g = terms(i, j);
    const PlayerId a = candidates[i].id, b = candidates[j].id;
    const bool aBlack = firstTakesBlack(t, profiles, a, b, g);
    round.games.push_back({static_cast<int>(round.games.size()) + 1, aBlack ? a : b, aBlack ? b : a,
                           g.stones, g.komi, std::nullopt});
  }
  return round;
}

}  // namespace tengen::tournament
