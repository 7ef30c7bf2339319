#pragma once

#include "go/board.h"
#include "go/random.h"

namespace tengen::go {

// A uniformly random legal move for `c` that does not fill one of its own eye-like points,
// or kPass when none is left. Board-level legality only (simple ko, suicide per flag):
// playouts do not carry superko history.
// Reorders the board's list of empty points (never its position) as it samples.
Point randomMove(Board& board, Color c, Random& rng, bool allowSuicide);

// Plays random moves from `toMove` until two consecutive passes or `maxMoves`, on the
// board in place. Returns the number of moves played (passes included).
int playout(Board& board, Color toMove, Random& rng, bool allowSuicide, int maxMoves);

// Tromp-Taylor count of the board as it stands: Black's stones and one-colour empty
// regions minus White's. Komi not included.
int areaDifference(const Board& board);

}  // namespace tengen::go
