// Fixed handicap placement against GNU Go, whose fixed_handicap is the GTP reference
// (GTP 2 section 4.1 leaves placement to the engine's tables; tengen keeps
// GNU Go's), then random games from the handicap position.
#include <gtest/gtest.h>

#include <iostream>

#include "gnugo/referee.h"
#include "go/handicap.h"

namespace tengen::testing {
namespace {

// Every size both engines play and every n around the legal range: the same vertex set
// placed, or both refuse (GNU Go: "invalid handicap").
TEST(GnugoHandicap, FixedPlacementAgreesForEverySizeAndCount) {
  auto gnugo = startGnugo(comparedRules());
  ASSERT_TRUE(gnugo) << gnugo.error().toString();
  Tally tally;
  Referee referee(*gnugo, tally);
  int placed = 0;
  for (int size = go::kMinSize; size <= 19; ++size) {
    for (int n = 0; n <= 10; ++n) {
      auto fresh = referee.newGame(size);
      ASSERT_TRUE(fresh) << fresh.error().toString();
      auto r = referee.fixedHandicap(n);
      EXPECT_TRUE(r) << r.error().toString();
      if (r && go::fixedHandicap(size, n)) {
        ++placed;
        // The handicap stones are the game's first position: compare it whole.
        auto same = referee.compare();
        EXPECT_TRUE(same) << same.error().toString();
      }
    }
  }
  // 9 counts on each odd size from 9 up, 3 on 7x7 and on each even size from 8 up.
  EXPECT_EQ(placed, 6 * 8 + 3 + 6 * 3);
}

TEST(GnugoHandicap, RandomGamesAfterFixedHandicap) {
  auto gnugo = startGnugo(comparedRules());
  ASSERT_TRUE(gnugo) << gnugo.error().toString();
  Tally tally;
  Referee referee(*gnugo, tally);
  const MovePolicy policy;
  std::uint64_t seed = 77000;
  for (int size : {9, 13, 19}) {
    const int games = size == 19 ? 8 : 16;
    for (int i = 0; i < games; ++i, ++seed) {
      const int n = 2 + i % 8;
      go::Random rng(seed);
      auto fresh = referee.newGame(size);
      ASSERT_TRUE(fresh) << fresh.error().toString();
      auto placed = referee.fixedHandicap(n);
      ASSERT_TRUE(placed) << placed.error().toString();
      ASSERT_EQ(referee.game().toMove(), go::Color::White);
      auto r = playRandomGame(referee, rng, policy, 3 * size * size);
      ASSERT_TRUE(r) << "seed " << seed << ": " << r.error().toString();
    }
  }
  std::cout << "[ gnugo    ] handicap games " << tally.toString() << "\n";
}

}  // namespace
}  // namespace tengen::testing
