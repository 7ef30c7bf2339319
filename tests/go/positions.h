#pragma once

// Positions several rules tests start from, kept once so every file tests the same shape.
#include <string_view>

namespace tengen::go::test {

// Three kos along the bottom edge (columns B-C, E-F, H-J). From this position, Black to
// move, the only captures form a cycle of six: B C1, W F1, B J1, W B1, B E1, W H1, after
// which the board and the side to move are the first position's again.
inline constexpr std::string_view kTripleKo = R"(
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
)";
inline constexpr std::string_view kTripleKoLap = "B C1 W F1 B J1 W B1 B E1 W H1";
// The lap without White's H1, which would bring back the first position.
inline constexpr std::string_view kTripleKoLapButLast = "B C1 W F1 B J1 W B1 B E1";

// Black's territory and stones exceed White's by exactly 7 on the board, so with komi 7
// only the button decides; Black has two living groups (columns A-B and F-G), White one
// (C-E), so the group tax sets them apart.
inline constexpr std::string_view kBlackSevenAheadInTwoGroups = R"(
   A B C D E F G
 7 . X O . O X .
 6 . X O . O X .
 5 X X O . O X X
 4 . X O . O X .
 3 . X O . O X .
 2 X X O O O X X
 1 . X O . O X .
)";

}  // namespace tengen::go::test
