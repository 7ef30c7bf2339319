// Eye shapes in the dead-stone proposal with the bot's heavy playouts (bot::finalDeadStones,
// as GTP and the site use it): a group whose only eye stays one eye whoever moves first is
// dead, though its playouts, whose policy avoids the self-ataris that kill it, let it live.
#include <gtest/gtest.h>

#include "bot/ownership_estimate.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Color;
using go::test::parseGame;

// Black's top right (L13 L12 M11 N11) has one eye, the square four M13 N13 M12 N12, and
// shares L11 with White: White plays inside and whatever Black takes leaves a nakade shape.
// The final position of a 13x13 match game (tools/strength, seeds 43, game 6), where the
// referee kept the group alive; GNU Go 3.8 says L13 L12 M11 N11 are dead. The rest of the
// board (its left side was left open) is not this test's.
constexpr std::string_view kSquareFourIsOneEye = R"(
   A B C D E F G H J K L M N
13 . . . . . . . . . . X . .
12 . . . . X O O . . O X . .
11 O O . O O X X O O O . X X
10 X O O O X X O . O O O O O
 9 X X X O X X O O O X O O X
 8 X . X O X . X X X X X X X
 7 . X O X X X X O X . X . X
 6 O X O X O . X O O X . X .
 5 . O O X O . X X O X X . .
 4 O O O O O X O X O O O X X
 3 O X X X X X O O O O O O X
 2 X X . . X X X X O O . . O
 1 . . . . X O O O O . . O .
)";

TEST(DeadStoneShapes, AGroupWhoseOnlyEyeIsASquareFourIsDead) {
  for (Color toMove : {Color::Black, Color::White}) {
    const go::Game game = parseGame(kSquareFourIsOneEye, "chinese", toMove);
    const go::PointSet dead = bot::finalDeadStones(game);
    for (const char* v : {"L13", "L12", "M11", "N11"}) {
      EXPECT_TRUE(dead.contains(*game.geometry().fromGtp(v)))
          << v << ", " << colorName(toMove) << " to move";
    }
  }
}

// White's wall around the top right (D9-G9 down the right side to F1) has two liberties,
// H8 in the corner and G6 beside Black's lone dead H6, and Black chains with as many next
// to it: it looked able to lose a race, so neither the corner nor H6 was settled and the
// heavy playouts gave the corner to Black. But Black cannot fill H8 without self-atari nor
// G6 at all; once H6 is settled the wall has three liberties. The final
// position of a 9x9 match game (tools/strength, seeds 51, game 26); GNU Go 3.8 says H9 J8
// H6 and H4 J4 H3 H2 G1 H1 are dead, a draw.
constexpr std::string_view kWallBesideItsOwnDeadStone = R"(
   A B C D E F G H J
 9 . . X O O O O X .
 8 X X X X X X O . X
 7 X X X . X X O O O
 6 . X . X X O . X O
 5 X X X X O O O O O
 4 X . X . X O O X X
 3 . X . X X X O X .
 2 X . X X X O O X O
 1 . X . X O O X X .
)";

TEST(DeadStoneShapes, AWallIsNotHeldBackByItsOwnDeadStoneElsewhere) {
  for (Color toMove : {Color::Black, Color::White}) {
    const go::Game game = parseGame(kWallBesideItsOwnDeadStone, "chinese", toMove);
    const go::PointSet dead = bot::finalDeadStones(game);
    for (const char* v : {"H9", "J8", "H6", "H4", "J4", "H3", "H2", "G1", "H1"}) {
      EXPECT_TRUE(dead.contains(*game.geometry().fromGtp(v)))
          << v << ", " << colorName(toMove) << " to move";
    }
    EXPECT_EQ(dead.count(), 9) << colorName(toMove) << " to move";
  }
}

// White's top group (D7-F7, D8, F8-H9) has two liberties, F9 and J9. Black filling F9 at
// once is self-atari (E9 E8 D9 would keep only C9), but Black connects at C9 first and then
// fills safely: the wall is weak, so Black's right side (D6-J4, G7 H7 H8), which it walls
// in without eyes, is not settled dead. The final position of a 9x9 match game
// (tools/strength, 9,000 playouts, seeds 50, game 23); GNU Go 3.8 calls the White top dead.
constexpr std::string_view kWallFilledAfterConnectingOut = R"(
   A B C D E F G H J
 9 . . . X X . O O .
 8 . . X O X O O X .
 7 . X X O O O X X .
 6 X X O X X X . . .
 5 O X O O O X X X X
 4 O X O . O O O O X
 3 O O . O X X X O O
 2 . . O X . X O O .
 1 . . . . X . . . .
)";

TEST(DeadStoneShapes, AWallWhoseLibertyIsFilledAfterConnectingOutSettlesNothing) {
  for (Color toMove : {Color::Black, Color::White}) {
    const go::Game game = parseGame(kWallFilledAfterConnectingOut, "chinese", toMove);
    const go::PointSet dead = bot::finalDeadStones(game);
    for (const char* v : {"J4", "F5", "J5", "D6", "F6", "G7", "H8"}) {
      EXPECT_FALSE(dead.contains(*game.geometry().fromGtp(v)))
          << v << ", " << colorName(toMove) << " to move";
    }
  }
}

}  // namespace
}  // namespace tengen::bot
