// Game bookkeeping around the rules: turn order, setup, undo, resignation.
#include "go/game.h"

#include <gtest/gtest.h>

#include "diagram.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

TEST(GameTurns, StrictModeRefusesTheWrongColour) {
  Game game(9, rulesFor("chinese"));
  EXPECT_EQ(playMoves(game, "W E5", PlayMode::Strict), "W E5: not your turn");
  EXPECT_EQ(playMoves(game, "B E5 B D5", PlayMode::Strict), "B D5: not your turn");
}

// GTP and SGF replay let either colour play; the other colour is then to move.
TEST(GameTurns, FreeModeLetsEitherColourPlay) {
  Game game(9, rulesFor("chinese"));
  ASSERT_EQ(playMoves(game, "B E5 B D5"), "");
  EXPECT_EQ(game.toMove(), Color::White);
}

TEST(GameTurns, OffBoardPointsAreRefused) {
  const Game game(9, rulesFor("chinese"));
  EXPECT_EQ(game.check(Color::Black, Point{0}), MoveVerdict::OffBoard);
  EXPECT_EQ(game.check(Color::Black, kNoPoint), MoveVerdict::OffBoard);
  EXPECT_EQ(game.check(Color::Black, kPass), MoveVerdict::Legal);
}

TEST(GameSetup, SetupIsTheFirstPositionAndEndsAtTheFirstMove) {
  Game game(9);
  const Geometry& g = game.geometry();
  EXPECT_TRUE(game.setupStone(vertex(g, "C3"), Color::Black));
  EXPECT_TRUE(game.setupStone(vertex(g, "G7"), Color::White));
  EXPECT_FALSE(game.setupStone(vertex(g, "C3"), Color::White));
  EXPECT_TRUE(game.clearSetupStone(vertex(g, "G7")));
  EXPECT_FALSE(game.clearSetupStone(vertex(g, "G7")));
  EXPECT_EQ(game.initialBoard().hash(), game.board().hash());
  ASSERT_EQ(playMoves(game, "B E5"), "");
  EXPECT_FALSE(game.setupStone(vertex(g, "D4"), Color::Black));
  EXPECT_FALSE(game.clearSetupStone(vertex(g, "C3")));
  EXPECT_EQ(game.initialBoard().stoneCount(Color::Black), 1);
}

TEST(GameUndo, TakesBackMovesAndPasses) {
  Game game(5, rulesFor("chinese"));
  EXPECT_FALSE(game.undo());
  ASSERT_EQ(playMoves(game, "B C3 W pass B pass"), "");
  ASSERT_TRUE(game.isOver());
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(game.consecutivePasses(), 1);
  EXPECT_EQ(game.passes(Color::Black), 0);
  EXPECT_EQ(game.toMove(), Color::Black);
  ASSERT_TRUE(game.undo());
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.board().hash(), game.initialBoard().hash());
  EXPECT_TRUE(game.moves().empty());
  EXPECT_FALSE(game.undo());
}

// Undo restores captures, the simple-ko ban and the superko history exactly.
TEST(GameUndo, RestoresKoAndSuperkoHistory) {
  Game game = parseGame(kTripleKo, "chinese");
  ASSERT_EQ(playMoves(game, kTripleKoLapButLast), "");
  ASSERT_EQ(verdict(game, "W H1"), MoveVerdict::Superko);
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(game.board().captures(Color::Black), 2);
  // Black's J1 took H1 two moves ago; nothing bans White from taking back at H1 now.
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Legal);
  // White's B1 just took C1: Black may not retake at once.
  EXPECT_EQ(verdict(game, "B C1"), MoveVerdict::Ko);
  ASSERT_EQ(playMoves(game, "B E1"), "");
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Superko);
}

TEST(GameUndo, UndoingTheVoidingMoveResumesTheGame) {
  Game game = parseGame(R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . . . . . . .
 3 . . . . . . . . .
 2 X X O O O X X X O
 1 X O . O X . X O .
)",
                        "japanese");
  const char* lap = "B C1 W F1 B J1 W B1 B E1 W H1 ";
  ASSERT_EQ(playMoves(game, std::string(lap) + lap), "");
  ASSERT_EQ(game.endReason(), EndReason::Repetition);
  ASSERT_TRUE(game.undo());
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(game.moves().size(), 11u);
}

TEST(GameEnd, ResignationAndTimeOut) {
  Game game(9, rulesFor("japanese"));
  game.resign(Color::White);
  EXPECT_EQ(game.endReason(), EndReason::Resignation);
  EXPECT_EQ(game.winner(), Color::Black);
  EXPECT_EQ(gameResult(game, {}), "B+R");
  Game other(9, rulesFor("japanese"));
  other.timeout(Color::Black);
  EXPECT_EQ(other.endReason(), EndReason::Timeout);
  EXPECT_EQ(gameResult(other, {}), "W+T");
  EXPECT_EQ(playMoves(other, "B E5", PlayMode::Strict), "B E5: game over");
}

}  // namespace
}  // namespace tengen::go::test
