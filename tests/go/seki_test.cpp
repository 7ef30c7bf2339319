// seki.h on positions from the 19x19 strength matches, moved to a 9x9 corner: what
// analyseSeki calls seki and what killedByThrowIn kills (the dead-stone proposal builds on
// both, dead_stones_test.cpp). Diagrams as in diagram.h.
#include "go/seki.h"

#include <gtest/gtest.h>

#include <string_view>

#include "diagram.h"

namespace tengen::go::test {
namespace {

// White's corner A4-E1 has liberties A1 and B2, which it shares with Black's A2 inside,
// and F1 outside. White could fill A1 without atari while F1 is open; but Black fills F1
// first (it would before throwing in), then throws in at B2: White takes two stones at A1
// and the two-point hole A2-B2 is one eye. The corner is dead, as GNU Go 3.8 marks the
// 19x19 original (tests/data/enclosed_fights/seed44-game001.sgf, lower left).
constexpr std::string_view kThrowInAfterTheOutsideLiberty = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 X X X X X X X . .
 5 X X X X X X X . .
 4 O X X X X X X . .
 3 O O O X . X . . .
 2 X . O X X X X . .
 1 . O O O O . X . .
)";

TEST(Seki, AThrowInKillsOnceTheThrowerHasFilledTheOutsideLiberty) {
  const Board board = parseBoard(kThrowInAfterTheOutsideLiberty);
  const Geometry& g = board.geometry();
  const PointSet killed = killedByThrowIn(board);
  EXPECT_EQ(killed, board.chainStones(*g.fromGtp("A4")));
}

// Black's G9 and White's G8-J9 share H9, which neither fills without atari: G9 would be
// left with F9, White's corner with J7. But F9 is Black's own area and joins G9 to F8's
// living group; after Black plays there, H9 is no self-atari, White's corner is left with
// J7, a false eye, and the lower chain's J3 is its only eye. No seki
// (tests/data/enclosed_fights/widen3-seed42-game009.sgf, upper right).
constexpr std::string_view kConnectionThroughOwnArea = R"(
   A B C D E F G H J
 9 . . . . . . X . O
 8 . . . . X X O O O
 7 . . . . X X O O .
 6 . . . . X X X X O
 5 . . . . X . X X O
 4 . . . . X X X O O
 3 . . . . X X O O .
 2 . . . . X X X O O
 1 . . . . X . X X X
)";

TEST(Seki, ALibertyFilledAfterConnectingThroughOwnAreaIsNoSeki) {
  const SekiAnalysis seki = analyseSeki(parseBoard(kConnectionThroughOwnArea));
  EXPECT_TRUE(seki.sekiStones.empty());
  EXPECT_TRUE(seki.sekiPoints.empty());
}

}  // namespace
}  // namespace tengen::go::test
