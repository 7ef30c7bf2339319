// AB/AW/AE after the first move (FF[4] allows setup in any node): teaching files, records
// that take dead stones off with AE, test positions with stones added after some moves.
#include <gtest/gtest.h>

#include "sgf/game_record.h"
#include "test_util.h"

namespace tengen::sgf {
namespace {

using go::Color;
using test::diagram;

LoadedGame load(std::string_view text, int limit = -1) {
  auto loaded = loadGame(text, std::nullopt, limit);
  EXPECT_TRUE(loaded) << loaded.error().toString();
  return loaded ? std::move(*loaded) : LoadedGame{go::Game(9), {}, 0, {}, false, {}};
}

// The example: AE after move 2 was refused ("AE after move 2 is not supported").
TEST(SetupAfterMoves, AeAfterTwoMovesClearsThePoint) {
  const LoadedGame g = load("(;GM[1]FF[4]SZ[9];B[ee];W[dd];AE[ee])");
  EXPECT_EQ(diagram(g.game.board()),
            "   A B C D E F G H J\n"
            " 9 . . . . . . . . .\n"
            " 8 . . . . . . . . .\n"
            " 7 . . . . . . . . .\n"
            " 6 . . . O . . . . .\n"
            " 5 . . . . . . . . .\n"
            " 4 . . . . . . . . .\n"
            " 3 . . . . . . . . .\n"
            " 2 . . . . . . . . .\n"
            " 1 . . . . . . . . .\n");
  EXPECT_EQ(g.game.moves().size(), 2u);
  EXPECT_EQ(g.movesInFile, 2);
  EXPECT_EQ(g.game.toMove(), Color::Black);
  ASSERT_EQ(g.game.setupSteps().size(), 1u);
  EXPECT_EQ(g.game.setupSteps()[0].afterMoves, 2u);
}

// Stones added after move 3 (as Fuego's test positions do), then play goes on from there,
// capturing one of them.
TEST(SetupAfterMoves, AbAndAwBetweenMovesAndPlayContinues) {
  const LoadedGame g = load("(;SZ[5];B[cc];W[dc];B[bd];AB[ab]AW[aa];B[ba])");
  EXPECT_EQ(diagram(g.game.board()),
            "   A B C D E\n"
            " 5 . X . . .\n"
            " 4 X . . . .\n"
            " 3 . . X O .\n"
            " 2 . X . . .\n"
            " 1 . . . . .\n");
  EXPECT_EQ(g.game.board().captures(Color::Black), 1);
}

// A record that takes the dead stones off with AE after the last move and its passes: the
// game still ended by passes.
TEST(SetupAfterMoves, AeAfterTheEndKeepsTheEnd) {
  const LoadedGame g = load("(;SZ[5];B[cc];W[aa];B[];W[];AE[aa])");
  EXPECT_TRUE(g.game.isOver());
  EXPECT_EQ(g.game.board().stoneCount(Color::White), 0);
}

// The moves up to the limit, and setup that follows the last of them.
TEST(SetupAfterMoves, MoveLimitTakesTheSetupAfterTheLastMovePlayed) {
  const std::string text = "(;SZ[5];B[cc];AE[cc];W[cc];AE[cc];B[aa])";
  EXPECT_EQ(load(text, 1).game.board().stoneCount(Color::Black), 0);
  EXPECT_EQ(load(text, 2).game.board().stoneCount(Color::White), 0);
  EXPECT_EQ(load(text).game.board().stoneCount(Color::Black), 1);
}

TEST(SetupAfterMoves, AChainLeftWithoutLibertiesIsAnErrorAtTheNode) {
  auto g = loadGame("(;SZ[5];B[aa]\n;AW[ab][ba])");
  ASSERT_FALSE(g);
  EXPECT_EQ(g.error().toString(),
            "line 2, column 1: setup after move 1 leaves a chain without liberties: expected a "
            "position where every chain has one");
  auto bad = loadGame("(;SZ[5];B[aa];AE[zz])");
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().where, "line 1, column 17");
}

// Written as a node of its own after the move it follows, and read back the same.
TEST(SetupAfterMoves, WrittenAndReadBackTheSame) {
  const LoadedGame g = load("(;SZ[5];B[cc];W[dc];AE[cc]AW[aa][bb];B[cc])");
  const std::string written = writeGame(g.game, g.info);
  EXPECT_NE(written.find(";W[dc];AE[cc]AW[aa][bb];B[cc]"), std::string::npos) << written;
  const LoadedGame again = load(written);
  EXPECT_EQ(again.game.setupSteps(), g.game.setupSteps());
  EXPECT_EQ(again.game.moves(), g.game.moves());
  EXPECT_EQ(again.game.board().hash(), g.game.board().hash());
  EXPECT_EQ(writeGame(again.game, again.info), written);
}

}  // namespace
}  // namespace tengen::sgf
