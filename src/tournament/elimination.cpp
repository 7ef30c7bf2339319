#include "tournament/elimination.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "tournament/history.h"
#include "tournament/seeded_hash.h"

namespace tengen::tournament {

int eliminationRounds(int playerCount) {
  int rounds = 0;
  while ((1 << rounds) < playerCount) ++rounds;
  return rounds;
}

std::vector<int> bracketSeeds(int size) {
  std::vector<int> seeds{1};
  while (static_cast<int>(seeds.size()) < size) {
    const int next = 2 * static_cast<int>(seeds.size());
    std::vector<int> grown;
    for (int s : seeds) {
      grown.push_back(s);
      grown.push_back(next + 1 - s);
    }
    seeds = std::move(grown);
  }
  return seeds;
}

Result<Round> eliminationRound(const Tournament& t) {
  const int players = static_cast<int>(t.players.size());
  if (players < 2) return fail("a knockout needs at least 2 players");
  std::vector<PlayerId> bySeed(players);
  std::iota(bySeed.begin(), bySeed.end(), 0);
  std::sort(bySeed.begin(), bySeed.end(), [&](PlayerId a, PlayerId b) {
    if (t.players[a].rank != t.players[b].rank) return t.players[a].rank > t.players[b].rank;
    return seededHash(t.settings.seed, 0x73656564, a) < seededHash(t.settings.seed, 0x73656564, b);
  });
  std::vector<int> seedOf(players);
  for (int s = 0; s < players; ++s) seedOf[bySeed[s]] = s;

  const int size = 1 << eliminationRounds(players);
  std::vector<PlayerId> slots;  // -1: nobody (no player for this seed, or both lost)
  for (int seed : bracketSeeds(size)) slots.push_back(seed <= players ? bySeed[seed - 1] : -1);

  // Play the bracket forward through the rounds so far.
  for (std::size_t r = 0; r < t.rounds.size(); ++r) {
    const auto entries = roundEntries(players, std::span<const Round>(&t.rounds[r], 1));
    std::vector<PlayerId> next;
    for (std::size_t i = 0; i + 1 < slots.size(); i += 2) {
      const PlayerId a = slots[i], b = slots[i + 1];
      if (a == -1 || b == -1) {
        next.push_back(a == -1 ? b : a);
        continue;
      }
      const RoundEntry& e = entries[a][0];
      if (e.kind != EntryKind::Game || e.opponent != b)
        return fail("round " + std::to_string(r + 1) + " does not pair " + t.players[a].name +
                    " with " + t.players[b].name + " as the bracket does");
      if (e.result == PlayerResult::Pending || e.result == PlayerResult::Jigo)
        return fail("round " + std::to_string(r + 1) + ": the game of " + t.players[a].name +
                    " and " + t.players[b].name + " has no winner yet");
      const PlayerResult other = entries[b][0].result;
      next.push_back(e.result == PlayerResult::Win ? a : other == PlayerResult::Win ? b : -1);
    }
    slots = std::move(next);
  }
  if (slots.size() < 2) return fail("the knockout is decided: there is no next round");

  Round round;
  for (std::size_t i = 0; i + 1 < slots.size(); i += 2) {
    const PlayerId a = slots[i], b = slots[i + 1];
    if (a == -1 || b == -1) {
      if (a != -1 || b != -1) round.byes.push_back(a == -1 ? b : a);
      continue;
    }
    const bool aBetter = seedOf[a] < seedOf[b];
    round.games.push_back({static_cast<int>(round.games.size()) + 1, aBetter ? b : a,
                           aBetter ? a : b, 0, t.settings.komi, std::nullopt});
  }
  return round;
}

}  // namespace tengen::tournament
