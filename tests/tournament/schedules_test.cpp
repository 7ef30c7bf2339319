// Round robin by Berger tables and the single-elimination bracket (tournaments-reference "The
// systems"): everyone meets everyone once with colours within one; a knockout seeds the top
// players apart, gives the byes to the top seeds and sends the winners on.
#include <gtest/gtest.h>

#include <set>

#include "tournament/elimination.h"
#include "tournament/next_round.h"
#include "tournament/round_robin.h"

namespace tengen::tournament {
namespace {

Tournament withPlayers(PairingSystem system, int count) {
  Tournament t;
  t.settings.system = system;
  for (int i = 0; i < count; ++i)
    t.players.push_back({"P" + std::to_string(i) + " X", Rank::fromValue(30 - i), "", ""});
  return t;
}

TEST(RoundRobin, EveryoneMeetsEveryoneOnceWithColoursWithinOne) {
  for (int n = 2; n <= 21; ++n) {
    Tournament t = withPlayers(PairingSystem::RoundRobin, n);
    t.settings.rounds = roundRobinRounds(n);
    std::set<std::pair<int, int>> met;
    std::vector<int> balance(n, 0), byes(n, 0);
    for (int r = 0; r < t.settings.rounds; ++r) {
      const auto round = pairNextRound(t);
      ASSERT_TRUE(round) << round.error().toString();
      std::vector<int> seen(n, 0);
      for (const Pairing& g : round->games) {
        ++seen[g.black];
        ++seen[g.white];
        ++balance[g.black];
        --balance[g.white];
        EXPECT_TRUE(met.insert({std::min(g.black, g.white), std::max(g.black, g.white)}).second)
            << n << " players: a pair met twice";
      }
      for (PlayerId p : round->byes) ++seen[p], ++byes[p];
      for (int p = 0; p < n; ++p) EXPECT_EQ(seen[p], 1) << n << " players, round " << r + 1;
      t.rounds.push_back(*round);
    }
    EXPECT_EQ(met.size(), static_cast<std::size_t>(n * (n - 1) / 2));
    for (int p = 0; p < n; ++p) {
      EXPECT_LE(std::abs(balance[p]), 1) << n << " players, player " << p;
      EXPECT_EQ(byes[p], n % 2) << "with an odd count, each player sits out once";
    }
    EXPECT_FALSE(pairNextRound(t)) << "no round after the last";
  }
}

TEST(RoundRobin, ARoundPastTheScheduleIsAnError) {
  const Tournament t = withPlayers(PairingSystem::RoundRobin, 4);
  const auto r = roundRobinRound(t, 3);
  ASSERT_FALSE(r);
  EXPECT_EQ(r.error().message, "a round robin of 4 players has 3 rounds; there is no round 4");
}

TEST(Elimination, BracketKeepsTheTopSeedsApart) {
  EXPECT_EQ(bracketSeeds(8), (std::vector<int>{1, 8, 4, 5, 2, 7, 3, 6}));
  EXPECT_EQ(eliminationRounds(5), 3);
  EXPECT_EQ(eliminationRounds(8), 3);
  EXPECT_EQ(eliminationRounds(9), 4);
}

TEST(Elimination, ByesToTheTopSeedsThenWinnersGoOn) {
  // Six players by rank P0 (strongest) .. P5: a bracket of 8, seeds 1 and 2 have byes.
  Tournament t = withPlayers(PairingSystem::SingleElimination, 6);
  t.settings.rounds = 3;
  auto r1 = pairNextRound(t);
  ASSERT_TRUE(r1);
  EXPECT_EQ(r1->byes, (std::vector<PlayerId>{0, 1}));
  ASSERT_EQ(r1->games.size(), 2u);
  // Seed 4 against 5 and 3 against 6; the better seed takes White.
  EXPECT_EQ(r1->games[0].white, 3);
  EXPECT_EQ(r1->games[0].black, 4);
  EXPECT_EQ(r1->games[1].white, 2);
  EXPECT_EQ(r1->games[1].black, 5);
  // The lower seeds win both.
  for (Pairing& g : r1->games) g.result = GameResult{Outcome::BlackWins};
  t.rounds.push_back(*r1);
  auto r2 = pairNextRound(t);
  ASSERT_TRUE(r2);
  ASSERT_EQ(r2->games.size(), 2u);
  EXPECT_EQ(r2->games[0].white, 0);
  EXPECT_EQ(r2->games[0].black, 4);
  EXPECT_EQ(r2->games[1].white, 1);
  EXPECT_EQ(r2->games[1].black, 5);
  // P0 wins; on the other board both lose (forfeits): P0 has a bye in the final round.
  r2->games[0].result = GameResult{Outcome::WhiteWins};
  r2->games[1].result = GameResult{Outcome::BothLose, ResultSource::Forfeit};
  t.rounds.push_back(*r2);
  auto r3 = pairNextRound(t);
  ASSERT_TRUE(r3);
  EXPECT_TRUE(r3->games.empty());
  EXPECT_EQ(r3->byes, (std::vector<PlayerId>{0}));
}

TEST(Elimination, AGameWithoutAWinnerStopsTheBracket) {
  Tournament t = withPlayers(PairingSystem::SingleElimination, 2);
  t.settings.rounds = 1;
  auto r1 = pairNextRound(t);
  ASSERT_TRUE(r1);
  r1->games[0].result = GameResult{Outcome::Jigo};
  t.rounds.push_back(*r1);
  t.settings.rounds = 2;
  const auto r2 = eliminationRound(t);
  ASSERT_FALSE(r2);
  EXPECT_EQ(r2.error().message, "round 1: the game of P0 X and P1 X has no winner yet");
}

}  // namespace
}  // namespace tengen::tournament
