#include "tournament/round_robin.h"

#include <algorithm>
#include <numeric>
#include <string>

#include "tournament/seeded_hash.h"

namespace tengen::tournament {

int roundRobinRounds(int playerCount) {
  if (playerCount < 2) return 0;
  return playerCount % 2 == 0 ? playerCount - 1 : playerCount;
}

Result<Round> roundRobinRound(const Tournament& t, int roundIndex) {
  const int players = static_cast<int>(t.players.size());
  if (players < 2) return fail("a round robin needs at least 2 players");
  const int rounds = roundRobinRounds(players);
  if (roundIndex < 0 || roundIndex >= rounds)
    return fail("a round robin of " + std::to_string(players) + " players has " +
                std::to_string(rounds) + " rounds; there is no round " +
                std::to_string(roundIndex + 1));
  std::vector<PlayerId> byNumber(players);
  std::iota(byNumber.begin(), byNumber.end(), 0);
  std::sort(byNumber.begin(), byNumber.end(), [&](PlayerId a, PlayerId b) {
    return seededHash(t.settings.seed, 0x6265726765, a) <
           seededHash(t.settings.seed, 0x6265726765, b);
  });
  const int n = players + players % 2;  // with the phantom, numbered players
  const int phantom = players % 2 == 1 ? players : -1;
  const int fixed = n - 1;
  const int r = roundIndex;

  // The circle method: number n-1 stays put, the others turn one place each round. Colours:
  // the fixed number alternates; the other boards alternate by distance from board 1, which
  // keeps every player's Black and White counts within one.
  std::vector<std::pair<int, int>> whiteBlack;
  whiteBlack.push_back(r % 2 == 0 ? std::pair{r, fixed} : std::pair{fixed, r});
  for (int i = 1; i < n / 2; ++i) {
    const int x = (r + i) % (n - 1);
    const int y = ((r - i) % (n - 1) + (n - 1)) % (n - 1);
    whiteBlack.push_back(i % 2 == 1 ? std::pair{y, x} : std::pair{x, y});
  }
  Round round;
  for (const auto& [white, black] : whiteBlack) {
    if (white == phantom || black == phantom) {
      round.byes.push_back(byNumber[white == phantom ? black : white]);
      continue;
    }
    round.games.push_back({static_cast<int>(round.games.size()) + 1, byNumber[black],
                           byNumber[white], 0, t.settings.komi, std::nullopt});
  }
  return round;
}

}  // namespace tengen::tournament
