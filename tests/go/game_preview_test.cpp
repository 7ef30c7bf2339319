// Game::preview and Game::passEnds say what a move or pass would do without playing it; a
// server decides commands with them instead of playing on a copy of the game. They must agree
// with play() exactly.
#include <gtest/gtest.h>

#include <string>

#include "diagram.h"
#include "go/game.h"
#include "go/playout.h"
#include "go/random.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

TEST(GamePreview, CountsEveryChainTheMoveTakesOnce) {
  // Black at C2 takes both White chains: B2-B3-C3 (two of C2's neighbours, counted once)
  // and D2, four stones in all.
  Game game = parseGame(R"(
   A B C D E
 5 . . . . .
 4 . X X . .
 3 X O O X .
 2 X O . O X
 1 . X X X .
)",
                        "chinese");
  const Point c2 = *game.geometry().fromGtp("C2");
  ASSERT_EQ(game.check(Color::Black, c2), MoveVerdict::Legal);
  EXPECT_EQ(game.preview(Color::Black, c2).captures, 4);
  EXPECT_FALSE(game.preview(Color::Black, c2).endsByRepetition);
  const int before = game.board().captures(Color::Black);
  game.play(Color::Black, c2);
  EXPECT_EQ(game.board().captures(Color::Black) - before, 4);
}

TEST(GamePreview, SeesTheThirdRepetitionUnderJapaneseRules) {
  Game game = parseGame(kTripleKo, "japanese");
  ASSERT_EQ(playMoves(game, std::string(kTripleKoLap) + " " + std::string(kTripleKoLapButLast)),
            "");
  const Point h1 = *game.geometry().fromGtp("H1");
  EXPECT_TRUE(game.preview(Color::White, h1).endsByRepetition);
  game.play(Color::White, h1);
  EXPECT_EQ(game.endReason(), EndReason::Repetition);
}

TEST(GamePreview, PassEndsOnlyWhereTheRulesSay) {
  Game chinese(9, rulesFor("chinese"));
  EXPECT_FALSE(chinese.passEnds(Color::Black));
  ASSERT_EQ(playMoves(chinese, "B pass"), "");
  EXPECT_TRUE(chinese.passEnds(Color::White));
  // AGA: two passes end the game only if White passed last.
  Game aga(9, rulesFor("aga"));
  ASSERT_EQ(playMoves(aga, "B E5 W pass"), "");
  EXPECT_FALSE(aga.passEnds(Color::Black));
  ASSERT_EQ(playMoves(aga, "B pass"), "");
  EXPECT_TRUE(aga.passEnds(Color::White));
}

// Random games under rules with and without suicide and void cycles: before every move the
// preview matches what playing it on a copy does.
TEST(GamePreview, AgreesWithPlayThroughoutRandomGames) {
  Random rng(11);
  for (const char* rules : {"chinese", "japanese", "tromp-taylor", "aga"}) {
    for (int size : {5, 9, 13}) {
      for (int n = 0; n < 4; ++n) {
        Game game(size, rulesFor(rules));
        for (int move = 0; move < 2 * size * size && !game.isOver(); ++move) {
          const Color c = game.toMove();
          Board scratch = game.board();
          const Point p = randomMove(scratch, c, rng, game.rules().allowsSuicide());
          if (p == kPass) {
            const bool ends = game.passEnds(c);
            game.play(c, kPass, PlayMode::Strict);
            ASSERT_EQ(game.endReason() == EndReason::Passes, ends) << rules;
            continue;
          }
          if (game.check(c, p, PlayMode::Strict) != MoveVerdict::Legal) continue;
          const Game::MovePreview preview = game.preview(c, p);
          const int before = game.board().captures(c);
          game.play(c, p, PlayMode::Strict);
          ASSERT_EQ(game.board().captures(c) - before, preview.captures)
              << rules << " " << game.geometry().toGtp(p);
          ASSERT_EQ(game.endReason() == EndReason::Repetition, preview.endsByRepetition) << rules;
        }
      }
    }
  }
}

}  // namespace
}  // namespace tengen::go::test
