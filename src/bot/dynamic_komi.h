#pragma once

// Dynamic komi for handicap games (Pachi's "linear" dynamic komi). Monte Carlo search
// maximises the chance of winning, not the margin: as White giving stones nearly every move
// looks lost, and as Black taking them nearly every move looks won, so the search cannot
// tell good moves from bad ones and plays aimlessly (White throws stones away or resigns
// early, Black gives its lead back with slack moves). Counting the playouts as if White had
// some of the handicap back keeps the win rates where moves differ; the extra points shrink
// move by move to none well before the end, when the real count decides.

namespace tengen::bot {

// Points per handicap stone credited to White at the start of a handicap game: half of what
// a stone is worth (a tempo, about twice komi), as Pachi does.
inline constexpr double kDynamicKomiPerStone = 7;

// The move number by which the credit is gone on a 19x19 board; smaller boards scale it by
// their area (13x13: 94), as games there are shorter in proportion.
inline constexpr double kDynamicKomiMoves19 = 200;

// Boards smaller than this get no credit: on 9x9 a game is decided in a few dozen moves and
// two stones are a large share of the board; there the credit did not help (2 stones, komi
// 0.5, tengen giving them to GNU Go level 10: 8-12 with it, 11-9 without on the same seeds;
// docs/strength.md, "Handicap games"), as Pachi also keeps dynamic komi to large boards.
inline constexpr int kDynamicKomiMinSize = 13;

// The points the search adds to White's count beyond komi and the rules' handicap bonus, in
// a game begun with `handicapStones` handicap stones on a `boardSize` board after
// `movesPlayed` moves: kDynamicKomiPerStone per stone at first, falling linearly to 0. No
// handicap (fewer than 2 stones) or a board under kDynamicKomiMinSize: 0.
double dynamicKomi(int boardSize, int handicapStones, int movesPlayed);

}  // namespace tengen::bot
