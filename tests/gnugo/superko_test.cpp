// Superko against GNU Go's --positional-superko and --situational-superko. GNU Go keeps
// the board hash before every move with the colour that played it (board.c,
// is_superko_violation), so positional = no earlier board, situational = no earlier
// board with the same player to move: tengen's two superko rules, as long as colours
// alternate (GTP itself has no turn) and the game stays inside GNU Go's 500-move history.
// One GNU Go bug is allowed for: it lets any multi-stone suicide through superko.
#include <gtest/gtest.h>

#include <algorithm>
#include <iostream>

#include "gnugo/referee.h"

namespace tengen::testing {
namespace {

Tally playSuperkoGames(const go::Rules& rules, std::uint64_t seed) {
  Tally tally;
  auto gnugo = startGnugo(rules);
  EXPECT_TRUE(gnugo) << gnugo.error().toString();
  if (!gnugo) return tally;
  Referee referee(*gnugo, tally, rules);
  // Kos and passes make repetitions; small boards make whole-board repetitions likely.
  MovePolicy policy;
  policy.koCapturePercent = 100;
  policy.passPercent = 8;
  policy.sameColorAgainPercent = 0;
  policy.resumePercent = 90;
  policy.koPassPercent = 50;
  policy.answerPassPercent = 40;
  for (int size : {3, 4, 5, 7, 9}) {
    const int games = size <= 5 ? 60 : 30;
    for (int i = 0; i < games; ++i, ++seed) {
      go::Random rng(seed);
      auto fresh = referee.newGame(size);
      EXPECT_TRUE(fresh) << fresh.error().toString();
      if (!fresh) return tally;
      // GNU Go forgets the oldest positions past 500 moves; stay well inside.
      auto r = playRandomGame(referee, rng, policy, std::min(3 * size * size, 400));
      EXPECT_TRUE(r) << "seed " << seed << " on " << size << "x" << size << " under "
                     << rules.toString() << ": " << r.error().toString();
      if (!r) return tally;
    }
  }
  std::cout << "[ gnugo    ] " << rules.toString() << ": " << tally.toString() << "\n";
  return tally;
}

TEST(GnugoSuperko, PositionalAgrees) {
  const Tally tally = playSuperkoGames(comparedRules(go::KoRule::Positional), 31000);
  EXPECT_GT(tally.superkoPoints, 50);
}

TEST(GnugoSuperko, SituationalAgrees) {
  const Tally tally = playSuperkoGames(comparedRules(go::KoRule::Situational), 32000);
  EXPECT_GT(tally.superkoPoints, 50);
}

// Tromp-Taylor's pair: positional superko with multi-stone suicide allowed.
TEST(GnugoSuperko, PositionalWithSuicideAgrees) {
  const Tally tally =
      playSuperkoGames(comparedRules(go::KoRule::Positional, go::SuicideRule::Allowed), 33000);
  EXPECT_GT(tally.superkoPoints, 50);
  EXPECT_GT(tally.suicidesPlayed, 50);
}

// Pins the GNU Go bug the comparison above works around (Referee::allowGnugoSuicideQuirk):
// if a later GNU Go fixes it, this fails and the workaround should go.
TEST(GnugoSuperko, GnugoLetsSuicideRecreateABoardTengenDoesNot) {
  const go::Rules rules = comparedRules(go::KoRule::Positional, go::SuicideRule::Allowed);
  auto gnugo = startGnugo(rules);
  ASSERT_TRUE(gnugo) << gnugo.error().toString();
  go::Game game(2, rules);
  const go::Geometry& g = game.geometry();
  for (const char* setup : {"boardsize 2", "clear_board"}) ASSERT_TRUE(gnugo->expectOk(setup));
  for (const char* vertex : {"A1", "B1", "A2"}) {
    ASSERT_TRUE(gnugo->expectOk(std::string("play W ") + vertex));
    ASSERT_EQ(game.play(go::Color::White, *g.fromGtp(vertex)), go::MoveVerdict::Legal);
  }
  // W B2 fills White's last liberty: the suicide empties the board, the first position.
  auto legal = gnugo->expectOk("is_legal W B2");
  ASSERT_TRUE(legal) << legal.error().toString();
  EXPECT_EQ(*legal, "1");
  EXPECT_EQ(game.check(go::Color::White, *g.fromGtp("B2")), go::MoveVerdict::Superko);
}

}  // namespace
}  // namespace tengen::testing
