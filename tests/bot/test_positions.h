#pragma once

// Positions several bot tests start from, kept once so each tests the same shape.
#include <string_view>

#include <gtest/gtest.h>

#include "go/board.h"
#include "go/diagram.h"
#include "go/playout.h"
#include "go/random.h"

namespace tengen::bot::test {

// The point a GTP vertex names on `board`.
inline go::Point at(const go::Board& board, const char* text) {
  return go::test::vertex(board.geometry(), text);
}

// Black's C1 has just put White C2 in atari. Extending at D2 leaves two liberties, and the
// ladder that follows runs into the edge: D2 is no escape.
inline constexpr std::string_view kEdgeLadder = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . . . . . . .
 3 . . X X . . . . .
 2 . X O . . . . . .
 1 . . X . . . . . .
)";

// White C3-D3 (liberties D4, E3) runs up and to the right in a ladder after Black E3 until the
// edge stops it; Black D4 lets it out at E3 with three liberties.
inline constexpr std::string_view kDiagonalLadder = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . X . . . . . .
 3 . X O O . . . . .
 2 . . X X . . . . .
 1 . . . . . . . . .
)";

// kDiagonalLadder with White's G8 in the ladder's path: the runner escapes.
inline constexpr std::string_view kBrokenDiagonalLadder = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . O . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . X . . . . . .
 3 . X O O . . . . .
 2 . . X X . . . . .
 1 . . . . . . . . .
)";

// Plays `games` uniformly random games on a size x size board and, after each move, calls
// visit(board, stone) for every stone of the side to move whose chain has two liberties:
// the positions the ladder readers are checked on. Stops at the first failed expectation.
template <typename Visit>
void visitTwoLibertyStones(int size, int games, go::Random& rng, Visit visit) {
  for (int game = 0; game < games; ++game) {
    go::Board board(size);
    go::Color toMove = go::Color::Black;
    for (int move = 0; move < 2 * size * size; ++move) {
      const go::Point p = go::randomMove(board, toMove, rng, false);
      if (p == go::kPass) break;
      board.play(p, toMove);
      toMove = go::opponent(toMove);
      const go::Geometry& g = board.geometry();
      for (int q = g.first(); q <= g.last(); ++q) {
        const auto stone = static_cast<go::Point>(q);
        if (board.at(stone) != toMove || board.liberties(stone).count() != 2) continue;
        visit(board, stone);
        if (::testing::Test::HasFailure()) return;
      }
    }
  }
}

// White's D4 has just left Black D3 two liberties, D2 and E3; extending at either gives it
// three or more.
inline constexpr std::string_view kTwoLibertiesLeft = R"(
   A B C D E F G
 7 . . . . . . .
 6 . . . . . . .
 5 . . . . . . .
 4 . . . O . . .
 3 . . O X . . .
 2 . . . . . . .
 1 . . . . . . .
)";

// Black B2 or A1 would join A2 into a two-stone chain with one liberty that captures
// nothing: a bad self-atari. C1 would be a single stone in atari next to White B1, which has
// three liberties (a useless throw-in). The other 17 empty points are fine for Black.
inline constexpr std::string_view kTwoStoneSelfAtari = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O O . . .
 2 X . O . .
 1 . O . . .
)";

// Black's only empty points are its own eyes A5, C5, E5, and White's eyes are suicide for
// Black: Black has no playout move but a pass.
inline constexpr std::string_view kOnlyOwnEyes = R"(
   A B C D E
 5 . X . X .
 4 X X X X X
 3 O O O O O
 2 O O O O O
 1 . O . O .
)";

// The end of a GNU Go self-play game (tests/data/deadstones/9x9-0110.sgf, both passed with
// Black to move; H8 is Black's dead stone). White's eleven stones in the lower left have
// room but no eyes yet: Black to move kills them (D5 cuts; GNU Go agrees, and so does the
// bot playing on), White to move makes them live. Heavy playouts put them near even, a
// shade towards White, whoever moves.
inline constexpr std::string_view kOpenFight = R"(
   A B C D E F G H J
 9 . . . X O . O . .
 8 . . X X O O O X .
 7 . X . O X X O . .
 6 . X O O X O O O O
 5 X O . . X X X O X
 4 X . O O . O X X X
 3 X . O . O . X . .
 2 . X O . O X . . .
 1 . . . O X . X . .
)";

// Black's D3 is in atari after White's D2; E3 extends it to safety.
inline constexpr std::string_view kAtariEscape = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . O . . . . .
 3 . . O X . . . . .
 2 . . . O . . . . .
 1 . . . . . . . . .
)";

// Black to move: B2 would leave A2-B2 one liberty (a bad self-atari), G2 is Black's own eye.
inline constexpr std::string_view kSelfAtariAndEye = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . . . . . . .
 3 O O . . . X X X .
 2 X . O . . X . X .
 1 . O . . . X X X .
)";

// White to move: Black's corner group has the bent three A2 A1 B1 inside, White holds its
// vital point A1 and Black has a liberty outside (D2). Dead, but only once White plays A2 or
// B1, a self-atari of two stones next to a chain of three liberties, which the one-stone and
// liberty rules call bad: an enclosed nakade (tactics.h isEnclosedNakade).
inline constexpr std::string_view kBentThreeNakade = R"(
   A B C D E
 5 . . . . .
 4 O O O O .
 3 X X X O .
 2 . X X . .
 1 O . X O .
)";

}  // namespace tengen::bot::test
