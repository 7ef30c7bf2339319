#include "random_tournament.h"

#include <algorithm>
#include <string>

namespace tengen::tournament::testing {

std::vector<Player> randomPlayers(std::mt19937_64& rng, int count) {
  static const char* const kClubs[] = {"Msk", "SPb", "Alm", "Ber", "Par"};
  std::vector<Player> players;
  for (int i = 0; i < count; ++i) {
    Player p;
    p.name = "Player" + std::to_string(i) + " Test";
    p.rank = Rank::fromValue(static_cast<int>(rng() % 36));  // 30k..7d
    p.club = kClubs[rng() % 5];
    p.country = "RU";
    players.push_back(p);
  }
  return players;
}

void playRandomResults(Round& round, const std::vector<Player>& players, std::mt19937_64& rng) {
  for (Pairing& g : round.games) {
    const int edge = players[g.white].rank.value() - players[g.black].rank.value() - g.handicap;
    const int roll = static_cast<int>(rng() % 100);
    if (roll < 3) {
      g.result = GameResult{Outcome::Jigo};
      continue;
    }
    const bool whiteWins = roll < 50 + std::clamp(edge * 8, -40, 40);
    g.result = GameResult{whiteWins ? Outcome::WhiteWins : Outcome::BlackWins};
  }
}

}  // namespace tengen::tournament::testing
