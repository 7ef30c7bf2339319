// The diagram helpers the other tests rely on: render and parse are inverses.
#include "test_util.h"

#include <gtest/gtest.h>

namespace tengen::sgf::test {
namespace {

TEST(TestUtil, DiagramRoundTrips) {
  const std::string text =
      "   A B C D E F G H J K L M N O P Q R S T\n"
      "19 . . . . . . . . . . . . . . . . . . .\n"
      "18 . . . . . . . . . . . . . . . . . . .\n"
      "17 . . . . . . . . . . . . . . . . . . .\n"
      "16 . . . X . . . . . . . . . . . O . . .\n"
      "15 . . . . . . . . . . . . . . . . . . .\n"
      "14 . . . . . . . . . . . . . . . . . . .\n"
      "13 . . . . . . . . . . . . . . . . . . .\n"
      "12 . . . . . . . . . . . . . . . . . . .\n"
      "11 . . . . . . . . . . . . . . . . . . .\n"
      "10 . . . . . . . . . X . . . . . . . . .\n"
      " 9 . . . . . . . . . . . . . . . . . . .\n"
      " 8 . . . . . . . . . . . . . . . . . . .\n"
      " 7 . . . . . . . . . . . . . . . . . . .\n"
      " 6 . . . . . . . . . . . . . . . . . . .\n"
      " 5 . . . . . . . . . . . . . . . . . . .\n"
      " 4 . . . O . . . . . . . . . . . X . . .\n"
      " 3 . . . . . . . . . . . . . . . . . . .\n"
      " 2 . . . . . . . . . . . . . . . . . . .\n"
      " 1 X . . . . . . . . . . . . . . . . . O\n";
  go::Game game(19);
  ASSERT_TRUE(setupFromDiagram(game, text));
  EXPECT_EQ(diagram(game.board()), text);
  EXPECT_EQ(game.board().at(*game.geometry().fromGtp("T1")), go::Color::White);
  EXPECT_EQ(game.board().at(*game.geometry().fromGtp("K10")), go::Color::Black);
}

TEST(TestUtil, DiagramOfTheWrongSizeIsRefused) {
  go::Game game(9);
  EXPECT_FALSE(setupFromDiagram(game, " 2 . .\n 1 . X\n"));
}

TEST(TestUtil, PlayMovesStopsAtTheFirstIllegalMove) {
  go::Game game(9);
  EXPECT_TRUE(playMoves(game, "B D4 W C3 B pass"));
  EXPECT_FALSE(playMoves(game, "W D4"));
  EXPECT_FALSE(playMoves(game, "B Z9"));
  EXPECT_EQ(game.moves().size(), 3u);
}

}  // namespace
}  // namespace tengen::sgf::test
