// Differential test against GNU Go 3.8 (the GTP reference engine) under simple ko and
// no suicide (and, in one test, multi-stone suicide allowed): random games on both
// engines, comparing after every move the stones, the prisoners and the legality of
// every point for both colours (issue #2).
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <iostream>

#include "gnugo/referee.h"

namespace tengen::testing {
namespace {

// Plain random play reaches some corners of the rules rarely, so games rotate through
// policies that favour them: many own-eye fills (suicide points, large captures) and
// ko hunting with passes that lift the bans.
MovePolicy policyForGame(int game) {
  MovePolicy policy;
  if (game % 3 == 1) {
    policy.eyeFillPercent = 25;
    policy.stuckFillPercent = 60;
  } else if (game % 3 == 2) {
    policy.koCapturePercent = 100;
    policy.passPercent = 6;
    policy.sameColorAgainPercent = 3;
  }
  return policy;
}

// Random games on one board size; seeds are fixed so a failure reproduces exactly.
Tally playGames(int size, int games, std::uint64_t seed,
                go::SuicideRule suicide = go::SuicideRule::Forbidden) {
  Tally tally;
  const go::Rules rules = comparedRules(go::KoRule::Simple, suicide);
  auto gnugo = startGnugo(rules);
  EXPECT_TRUE(gnugo) << gnugo.error().toString();
  if (!gnugo) return tally;
  Referee referee(*gnugo, tally, rules);
  for (int i = 0; i < games; ++i) {
    const MovePolicy policy = policyForGame(i);
    go::Random rng(seed + i);
    auto fresh = referee.newGame(size);
    EXPECT_TRUE(fresh) << fresh.error().toString();
    if (!fresh) return tally;
    // Long enough to reach the capture-rich endgame of random play, bounded for time.
    auto r = playRandomGame(referee, rng, policy, 3 * size * size);
    EXPECT_TRUE(r) << "game " << i << " (seed " << seed + i << ") on " << size << "x" << size
                   << ": " << r.error().toString();
    if (!r) return tally;
  }
  std::cout << "[ gnugo    ] " << size << "x" << size << " " << tally.toString() << "\n";
  return tally;
}

// The games per board of the ordinary run, times TENGEN_GNUGO_SOAK when set: the "soak" ctest
// entry (tests/CMakeLists.txt) plays three times as many, outside scripts/test.sh.
int games(int ordinary) {
  const char* soak = std::getenv("TENGEN_GNUGO_SOAK");
  const int factor = soak ? std::max(1, std::atoi(soak)) : 1;
  return ordinary * factor;
}

// The comparison only means something if the games reached kos and suicide points.
void expectRulesExercised(const Tally& tally) {
  EXPECT_GT(tally.koBans, tally.games);
  EXPECT_GT(tally.suicidePoints, tally.games);
}

TEST(GnugoRandomGames, Board9x9) { expectRulesExercised(playGames(9, games(100), 9000)); }
TEST(GnugoRandomGames, Board13x13) { expectRulesExercised(playGames(13, games(34), 13000)); }
TEST(GnugoRandomGames, Board19x19) { expectRulesExercised(playGames(19, games(14), 19000)); }

// Sizes the issue does not name still go through the same rules code; a few games each.
TEST(GnugoRandomGames, OtherSizes) {
  for (int size : {2, 3, 4, 5, 7, 11, 17}) playGames(size, 5, 1000 * size + 7);
}

// tengen's suicide=allowed against GNU Go's --allow-suicide: multi-stone suicide removes
// the chain and gives the opponent its stones; single-stone suicide stays illegal in both.
TEST(GnugoRandomGames, MultiStoneSuicideAllowed) {
  for (int size : {5, 9, 13}) {
    const Tally tally = playGames(size, size == 13 ? 20 : 40, 500 + size, go::SuicideRule::Allowed);
    EXPECT_GT(tally.suicidesPlayed, tally.games);
  }
}

}  // namespace
}  // namespace tengen::testing
