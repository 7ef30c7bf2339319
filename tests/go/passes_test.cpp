// Passes and the end of the game (issue #2 "Rules"): two consecutive passes end it; AGA
// ends it only if White passed last and hands a prisoner to the opponent for every pass;
// the button (WMSG) gives the first passer half a point, and that pass counts toward the
// two that end the game (WMSG 2008 rules).
#include <gtest/gtest.h>

#include "diagram.h"
#include "go/scoring.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

TEST(Passes, TwoConsecutivePassesEndTheGame) {
  Game game(9, rulesFor("chinese"));
  ASSERT_EQ(playMoves(game, "B E5 W pass"), "");
  EXPECT_FALSE(game.isOver());
  ASSERT_EQ(playMoves(game, "B pass"), "");
  EXPECT_TRUE(game.isOver());
  EXPECT_EQ(game.endReason(), EndReason::Passes);
  EXPECT_EQ(game.consecutivePasses(), 2);
  EXPECT_EQ(game.passes(Color::Black), 1);
  EXPECT_EQ(game.passes(Color::White), 1);
}

TEST(Passes, AMoveBetweenPassesStartsTheCountAgain) {
  Game game(9, rulesFor("japanese"));
  ASSERT_EQ(playMoves(game, "B pass W E5 B pass"), "");
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(game.consecutivePasses(), 1);
  ASSERT_EQ(playMoves(game, "W pass"), "");
  EXPECT_TRUE(game.isOver());
}

TEST(Passes, StrictModeRefusesPlayAfterTheEnd) {
  Game game(9, rulesFor("chinese"));
  ASSERT_EQ(playMoves(game, "B pass W pass"), "");
  EXPECT_EQ(playMoves(game, "B E5", PlayMode::Strict), "B E5: game over");
  EXPECT_EQ(playMoves(game, "B pass", PlayMode::Strict), "B pass: game over");
}

// A move after the end resumes the game (a dispute settled by play) and two fresh passes
// are needed to end it again (Japanese art. 9, AGA: resumption after disagreement).
TEST(Passes, PlayAfterTheEndResumesTheGame) {
  Game game(9, rulesFor("chinese"));
  ASSERT_EQ(playMoves(game, "B pass W pass B E5"), "");
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(game.consecutivePasses(), 0);
  ASSERT_EQ(playMoves(game, "W pass"), "");
  EXPECT_FALSE(game.isOver());
  ASSERT_EQ(playMoves(game, "B pass"), "");
  EXPECT_EQ(game.endReason(), EndReason::Passes);
}

// AGA: "White must pass last". Black's pass after White's does not end the game.
TEST(AgaPasses, BlackPassingLastDoesNotEndTheGame) {
  Game game(9, rulesFor("aga"));
  ASSERT_EQ(playMoves(game, "B E5 W pass B pass"), "");
  EXPECT_FALSE(game.isOver());
  ASSERT_EQ(playMoves(game, "W pass"), "");
  EXPECT_TRUE(game.isOver());
  EXPECT_EQ(game.passes(Color::White), 2);
}

TEST(AgaPasses, WhitePassingSecondEndsTheGame) {
  Game game(9, rulesFor("aga"));
  ASSERT_EQ(playMoves(game, "B pass W pass"), "");
  EXPECT_TRUE(game.isOver());
}

TEST(AgaPasses, OverrideDropsWhitePassesLast) {
  Game game(9, rulesFor("aga white_passes_last=0"));
  ASSERT_EQ(playMoves(game, "B E5 W pass B pass"), "");
  EXPECT_TRUE(game.isOver());
}

// The AGA rules say area and territory counts agree: each pass hands the opponent a
// prisoner, and White passes last, so both players made the same number of turns. One
// game, counted both ways: White invades at B3, Black captures it with three moves while
// White passes twice, then Black passes and White passes last.
TEST(AgaPasses, PassStonesMakeTerritoryCountEqualAreaCount) {
  const char* moves =
      "B C1 W D1 B C2 W D2 B C3 W D3 B C4 W D4 B C5 W B3 B B2 W D5 B B4 W pass B A3 W pass "
      "B pass W pass";
  Game area(5, rulesFor("aga"));
  ASSERT_EQ(playMoves(area, moves), "");
  ASSERT_EQ(area.endReason(), EndReason::Passes);
  Game territory(5, rulesFor("aga scoring=territory"));
  ASSERT_EQ(playMoves(territory, moves), "");
  EXPECT_EQ(render(area.board()), R"(
   A B C D E
 5 . . X O .
 4 . X X O .
 3 X . X O .
 2 . X X O .
 1 . . X O .
)");
  // Area: Black 8 stones + 7 territory, White 5 stones + 5 territory, komi 7.5.
  const ScoreBreakdown byArea = scoreGame(area, {});
  EXPECT_EQ(byArea.black.total, 15);
  EXPECT_EQ(byArea.white.total, 17.5);
  EXPECT_EQ(byArea.black.passStones, 0);
  EXPECT_EQ(byArea.result, "W+2.5");
  // Territory: Black 7 + 1 prisoner + 3 pass stones; White 5 + 1 pass stone + 7.5.
  const ScoreBreakdown byTerritory = scoreGame(territory, {});
  EXPECT_EQ(byTerritory.black.territory, 7);
  EXPECT_EQ(byTerritory.black.prisoners, 1);
  EXPECT_EQ(byTerritory.black.passStones, 3);
  EXPECT_EQ(byTerritory.white.territory, 5);
  EXPECT_EQ(byTerritory.white.passStones, 1);
  EXPECT_EQ(byTerritory.black.total, 11);
  EXPECT_EQ(byTerritory.white.total, 13.5);
  EXPECT_EQ(byTerritory.result, "W+2.5");
  // Without pass stones the territory count differs (Japanese counting).
  Game japanese(5, rulesFor("japanese komi=7.5"));
  ASSERT_EQ(playMoves(japanese, moves), "");
  EXPECT_EQ(scoreGame(japanese, {}).result, "W+4.5");
}

TEST(Button, BlackPassingFirstTakesTheHalfPoint) {
  Game game = parseGame(kBlackSevenAheadInTwoGroups, "wmsg", Color::Black);
  ASSERT_EQ(playMoves(game, "B pass W pass"), "");
  // The button pass counts toward the two that end the game (WMSG 2008; unlike KataGo).
  EXPECT_EQ(game.endReason(), EndReason::Passes);
  EXPECT_EQ(game.buttonHolder(), Color::Black);
  const ScoreBreakdown score = scoreGame(game, {});
  EXPECT_EQ(score.black.button, 0.5);
  EXPECT_EQ(score.white.button, 0);
  EXPECT_EQ(score.black.total, 28.5);
  EXPECT_EQ(score.white.total, 28);
  EXPECT_EQ(score.result, "B+0.5");
}

TEST(Button, WhitePassingFirstTakesTheHalfPoint) {
  Game game = parseGame(kBlackSevenAheadInTwoGroups, "wmsg", Color::White);
  ASSERT_EQ(playMoves(game, "W pass B pass"), "");
  EXPECT_EQ(game.buttonHolder(), Color::White);
  EXPECT_EQ(scoreGame(game, {}).result, "W+0.5");
}

// Only the first pass of the game takes the button.
TEST(Button, StaysWithTheFirstPasser) {
  Game game(5, rulesFor("wmsg"));
  ASSERT_EQ(playMoves(game, "B C3 W pass B D3 W C4 B pass W pass"), "");
  EXPECT_EQ(game.buttonHolder(), Color::White);
}

// A game that ends without any pass (resignation, or scoring mid-game) gives the button
// to the player to move (as KataGo does).
TEST(Button, WithoutAPassItGoesToThePlayerToMove) {
  const Game game = parseGame(kBlackSevenAheadInTwoGroups, "wmsg", Color::White);
  EXPECT_EQ(game.buttonHolder(), Color::Empty);
  EXPECT_EQ(scoreGame(game, {}).white.button, 0.5);
}

TEST(Button, NoButtonWithoutTheRule) {
  Game game = parseGame(kBlackSevenAheadInTwoGroups, "chinese komi=7", Color::Black);
  ASSERT_EQ(playMoves(game, "B pass W pass"), "");
  EXPECT_EQ(game.buttonHolder(), Color::Empty);
  EXPECT_EQ(scoreGame(game, {}).result, "0");
}

}  // namespace
// Ing (SST laws): two passes do not end the game, four consecutive passes do; a board play
// between them starts the count again.
TEST(IngPasses, FourConsecutivePassesEndTheGameNotTwo) {
  Game game(9, rulesFor("ing"));
  ASSERT_EQ(playMoves(game, "B E5 W pass B pass"), "");
  EXPECT_FALSE(game.isOver());
  EXPECT_FALSE(game.passEnds(Color::White));
  ASSERT_EQ(playMoves(game, "W pass"), "");
  EXPECT_FALSE(game.isOver());
  EXPECT_TRUE(game.passEnds(Color::Black));
  ASSERT_EQ(playMoves(game, "B pass"), "");
  EXPECT_TRUE(game.isOver());
  EXPECT_EQ(game.endReason(), EndReason::Passes);
  EXPECT_EQ(game.consecutivePasses(), 4);
}

TEST(IngPasses, AMoveAfterThreePassesStartsTheCountAgain) {
  Game game(9, rulesFor("ing"));
  ASSERT_EQ(playMoves(game, "B pass W pass B pass W E5 B pass W pass B pass"), "");
  EXPECT_FALSE(game.isOver());
  ASSERT_EQ(playMoves(game, "W pass"), "");
  EXPECT_TRUE(game.isOver());
}

TEST(IngPasses, TheOverrideBringsBackTwoPasses) {
  Game game(9, rulesFor("ing end_passes=2"));
  ASSERT_EQ(playMoves(game, "B pass W pass"), "");
  EXPECT_TRUE(game.isOver());
  Game chinese(9, rulesFor("chinese end_passes=4"));
  ASSERT_EQ(playMoves(chinese, "B pass W pass B pass"), "");
  EXPECT_FALSE(chinese.isOver());
}

// IGS allows repetition, so a game may stop at its move limit, without a result. Moves and
// passes both count; the move that reaches the limit is played.
TEST(MoveLimit, TheMoveThatReachesTheLimitStopsTheGameWithoutResult) {
  Game game(9, rulesFor("igs move_limit=12"));
  ASSERT_EQ(playMoves(game, "B A1 W J9 B A2 W J8 B A3 W J7 B A4 W J6 B A5 W pass B A6"), "");
  EXPECT_FALSE(game.isOver());
  EXPECT_TRUE(game.nextReachesMoveLimit());
  ASSERT_EQ(playMoves(game, "W J5"), "");
  EXPECT_TRUE(game.isOver());
  EXPECT_EQ(game.endReason(), EndReason::MoveLimit);
  EXPECT_EQ(gameResult(game, PointSet{}), "Void");
  EXPECT_EQ(playMoves(game, "B A7", PlayMode::Strict), "B A7: game over");
}

TEST(MoveLimit, APassThatEndsTheGameByPassesScoresIt) {
  Game game(9, rulesFor("igs move_limit=4"));
  ASSERT_EQ(playMoves(game, "B E5 W E6 B pass W pass"), "");
  EXPECT_EQ(game.endReason(), EndReason::Passes);
}

}  // namespace tengen::go::test
