// Setup after the first move (Game::addSetup): SGF lets AB/AW/AE appear in any node, and
// the position after the edit is what the game continues from (issue #50, item 1).
#include <gtest/gtest.h>

#include <vector>

#include "diagram.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

std::vector<SetupChange> changes(const Game& game, std::string_view spec) {
  // "E5 . D4 X C3 O": a point, then what it becomes.
  std::vector<SetupChange> out;
  std::string_view rest = spec;
  while (!rest.empty()) {
    const auto space = rest.find(' ');
    const std::string_view point = rest.substr(0, space);
    const char what = rest[space + 1];
    out.push_back({vertex(game.geometry(), point), what == 'X'   ? Color::Black
                                                   : what == 'O' ? Color::White
                                                                 : Color::Empty});
    rest = rest.size() > space + 3 ? rest.substr(space + 3) : std::string_view();
  }
  return out;
}

constexpr std::string_view kEmpty5 = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . . . . .
 1 . . . . .
)";

TEST(SetupStep, EditsTheBoardAndKeepsTheMovesAndTheSideToMove) {
  Game game = parseGame(kEmpty5);
  ASSERT_EQ(playMoves(game, "B C3 W D4"), "");
  ASSERT_TRUE(game.addSetup(changes(game, "C3 . B2 X A5 O")));
  EXPECT_EQ(render(game.board()), R"(
   A B C D E
 5 O . . . .
 4 . . . O .
 3 . . . . .
 2 . X . . .
 1 . . . . .
)");
  EXPECT_EQ(game.moves().size(), 2u);
  EXPECT_EQ(game.toMove(), Color::Black);
  ASSERT_EQ(game.setupSteps().size(), 1u);
  EXPECT_EQ(game.setupSteps()[0].afterMoves, 2u);
  // The point the edit emptied may be played again.
  EXPECT_EQ(playMoves(game, "B C3"), "");
}

TEST(SetupStep, ReplacesAStoneOfTheOtherColour) {
  Game game = parseGame(kEmpty5);
  ASSERT_EQ(playMoves(game, "B C3"), "");
  ASSERT_TRUE(game.addSetup(changes(game, "C3 O")));
  EXPECT_EQ(game.board().at(vertex(game.geometry(), "C3")), Color::White);
}

TEST(SetupStep, AChainWithoutLibertiesIsRefusedAndNothingChanges) {
  Game game = parseGame(kEmpty5);
  ASSERT_EQ(playMoves(game, "B A1"), "");
  EXPECT_FALSE(game.addSetup(changes(game, "A2 O B1 O")));
  EXPECT_EQ(render(game.board()), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 . . . . .
 1 X . . . .
)");
  EXPECT_TRUE(game.setupSteps().empty());
  // An AE in the same edit may free the liberty.
  EXPECT_TRUE(game.addSetup(changes(game, "A1 . A2 O B1 O")));
}

TEST(SetupStep, BeforeTheFirstMoveItEditsTheInitialPosition) {
  Game game = parseGame(kEmpty5);
  ASSERT_TRUE(game.addSetup(changes(game, "C3 X")));
  EXPECT_TRUE(game.setupSteps().empty());
  EXPECT_EQ(game.initialBoard().at(vertex(game.geometry(), "C3")), Color::Black);
}

TEST(SetupStep, UndoReplaysEarlierStepsAndDropsLaterOnes) {
  Game game = parseGame(kEmpty5);
  ASSERT_EQ(playMoves(game, "B C3"), "");
  ASSERT_TRUE(game.addSetup(changes(game, "C3 .")));
  ASSERT_EQ(playMoves(game, "W C3"), "");
  ASSERT_TRUE(game.addSetup(changes(game, "E5 X")));
  ASSERT_TRUE(game.undo());  // W C3 and the E5 edit after it
  EXPECT_EQ(render(game.board()), render(parseBoard(kEmpty5)));
  EXPECT_EQ(game.setupSteps().size(), 1u);
  EXPECT_EQ(game.toMove(), Color::White);
  ASSERT_TRUE(game.undo());  // B C3 and the edit that cleared it
  EXPECT_TRUE(game.setupSteps().empty());
  EXPECT_EQ(game.moves().size(), 0u);
}

// Positional superko counts positions from the edit on: the triple-ko lap that would
// repeat the first position is legal once an edit has made a new first position.
TEST(SetupStep, StartsTheSuperkoHistoryAfresh) {
  Game game = parseGame(kTripleKo, "tromp-taylor");
  ASSERT_EQ(playMoves(game, kTripleKoLapButLast), "");
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Superko);
  ASSERT_TRUE(game.addSetup(changes(game, "A9 X")));
  ASSERT_TRUE(game.addSetup(changes(game, "A9 .")));
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Legal);
}

}  // namespace
}  // namespace tengen::go::test
