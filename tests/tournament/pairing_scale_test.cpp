// Round 5 of a 200-player McMahon tournament: the pairing's size in practice. It checks the
// round, and prints the time it took (for docs/tournaments.md); it asserts no time, as speed
// lives outside the unit tests. Past kMaxPairedPlayers the pairing refuses at once.
#include <gtest/gtest.h>

#include <chrono>
#include <cstdio>
#include <random>

#include "random_tournament.h"
#include "tournament/next_round.h"

namespace tengen::tournament {
namespace {

TEST(PairingScale, TwoHundredPlayersRoundFive) {
  std::mt19937_64 rng(200);
  Tournament t;
  t.settings.system = PairingSystem::McMahon;
  t.settings.rounds = 5;
  t.settings.bar = Rank::dan(3);
  t.settings.floor = Rank::kyu(20);
  t.settings.handicap.enabled = true;
  t.settings.avoidSameClub = true;
  t.players = testing::randomPlayers(rng, 200);
  double lastMs = 0;
  for (int r = 0; r < 5; ++r) {
    const auto start = std::chrono::steady_clock::now();
    auto round = pairNextRound(t);
    lastMs =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    ASSERT_TRUE(round);
    ASSERT_EQ(round->games.size(), 100u);
    testing::playRandomResults(*round, t.players, rng);
    t.rounds.push_back(*round);
  }
  std::printf("pairing round 5 of 200 players: %.1f ms\n", lastMs);
  RecordProperty("round5Ms", static_cast<int>(lastMs));
}

TEST(PairingScale, MoreThanTheLimitIsAnErrorNotALongWait) {
  std::mt19937_64 rng(1);
  Tournament t;
  t.settings.system = PairingSystem::Swiss;
  t.players = testing::randomPlayers(rng, 1002);
  const auto round = pairNextRound(t);
  ASSERT_FALSE(round);
  EXPECT_EQ(round.error().message, "cannot pair 1002 players: at most 1000");
}

}  // namespace
}  // namespace tengen::tournament
