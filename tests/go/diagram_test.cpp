// The diagram helper itself: parsing and rendering must be exact inverses, or every other
// test could pass while looking at the wrong board.
#include "diagram.h"

#include <gtest/gtest.h>

#include <stdexcept>

#include "go/random.h"

namespace tengen::go::test {
namespace {

TEST(Diagram, RoundTripsASmallBoard) {
  const std::string text = R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 . . X O .
 2 O . . . .
 1 . . . . X
)";
  EXPECT_EQ(render(parseBoard(text)), text);
}

TEST(Diagram, RoundTripsTwoDigitRowsAndSkipsI) {
  Board board(19);
  const Geometry& g = board.geometry();
  board.setStone(vertex(g, "D4"), Color::Black);
  board.setStone(vertex(g, "Q16"), Color::White);
  board.setStone(vertex(g, "T19"), Color::Black);
  board.setStone(vertex(g, "J10"), Color::White);
  const std::string text = render(board);
  EXPECT_EQ(text.substr(0, 42), "\n   A B C D E F G H J K L M N O P Q R S T\n");
  EXPECT_NE(text.find("\n19 . . . . . . . . . . . . . . . . . . X\n"), std::string::npos);
  EXPECT_NE(text.find("\n10 . . . . . . . . O . . . . . . . . . .\n"), std::string::npos);
  EXPECT_NE(text.find("\n 4 . . . X . . . . . . . . . . . . . . .\n"), std::string::npos);
  EXPECT_EQ(render(parseBoard(text)), text);
  EXPECT_EQ(parseBoard(text).hash(), board.hash());
}

TEST(Diagram, RoundTripsRandomPositionsOnEverySize) {
  Random rng(7);
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    Board board(size);
    for (int i = 0; i < size * size; ++i) {
      const Point p = board.emptyAt(static_cast<int>(rng.below(board.emptyCount())));
      const Color c = rng.below(2) ? Color::Black : Color::White;
      if (board.isLegal(p, c, false)) board.play(p, c);
    }
    const Board parsed = parseBoard(render(board));
    EXPECT_EQ(parsed.hash(), board.hash()) << "size " << size;
    EXPECT_EQ(render(parsed), render(board)) << "size " << size;
  }
}

TEST(Diagram, IgnoresIndentationAndBlankLines) {
  const Board board = parseBoard(R"(

        A B C
      3 . X .
      2 O . .
      1 . . .

  )");
  EXPECT_EQ(render(board), R"(
   A B C
 3 . X .
 2 O . .
 1 . . .
)");
}

TEST(Diagram, DeadMarksAreStonesAndListedAsDead) {
  const std::string text = R"(
   A B C
 3 . x .
 2 O . .
 1 . . o
)";
  const Board board = parseBoard(text);
  const Geometry& g = board.geometry();
  EXPECT_EQ(board.at(vertex(g, "B3")), Color::Black);
  EXPECT_EQ(board.at(vertex(g, "C1")), Color::White);
  const PointSet dead = parseDead(text);
  EXPECT_EQ(dead.count(), 2);
  EXPECT_TRUE(dead.contains(vertex(g, "B3")));
  EXPECT_TRUE(dead.contains(vertex(g, "C1")));
}

TEST(Diagram, GameStartsFromTheDiagramWithTheGivenSideToMove) {
  Game game = parseGame(R"(
   A B C
 3 . X .
 2 O . .
 1 . . .
)",
                        "japanese", Color::White);
  EXPECT_EQ(game.toMove(), Color::White);
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.initialBoard().hash(), game.board().hash());
  EXPECT_EQ(game.rules().preset, Preset::Japanese);
  EXPECT_EQ(playMoves(game, "W C3 B C1"), "");
  EXPECT_EQ(render(game.board()), R"(
   A B C
 3 . X O
 2 O . .
 1 . . X
)");
}

TEST(Diagram, PlayMovesReportsTheFirstRefusedMove) {
  Game game(5, rulesFor("chinese"));
  EXPECT_EQ(playMoves(game, "B C3 W C3 B D4"), "W C3: occupied");
  EXPECT_EQ(game.moves().size(), 1u);
  EXPECT_EQ(playMoves(game, "W pass B pass"), "");
  EXPECT_EQ(playMoves(game, "W D4", PlayMode::Strict), "W D4: game over");
}

TEST(Diagram, RejectsMalformedDiagrams) {
  EXPECT_THROW(parseBoard(""), std::invalid_argument);
  // I is skipped in column letters.
  EXPECT_THROW(parseBoard(R"(
   A B C D E F G H I
 9 . . . . . . . . .
)"),
               std::invalid_argument);
  EXPECT_THROW(parseBoard(R"(
   A B
 2 . .
 1 . . .
)"),
               std::invalid_argument);
  EXPECT_THROW(parseBoard(R"(
   A B
 1 . .
 2 . .
)"),
               std::invalid_argument);
  EXPECT_THROW(parseBoard(R"(
   A B
 2 . b
 1 . .
)"),
               std::invalid_argument);
  // A chain without liberties cannot arise in play.
  EXPECT_THROW(parseBoard(R"(
   A B
 2 O X
 1 X .
)"),
               std::invalid_argument);
}

TEST(Diagram, RejectsMalformedMoves) {
  Game game(5);
  EXPECT_THROW(playMoves(game, "B Z9"), std::invalid_argument);
  EXPECT_THROW(playMoves(game, "B"), std::invalid_argument);
  EXPECT_THROW(playMoves(game, "X C3"), std::invalid_argument);
  EXPECT_TRUE(game.moves().empty());
}

}  // namespace
}  // namespace tengen::go::test
