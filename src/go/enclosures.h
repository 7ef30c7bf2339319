#pragma once

// Stones the opponent has walled in without room for two eyes: in a finished game, the
// usual dead stones inside territory. The dead-stone proposal (dead_stones.h) settles
// them before its playouts, which otherwise fight over territory that is settled.

#include "go/board.h"
#include "go/point_set.h"

namespace tengen::go {

// Stones walled in by the opponent with at most one eye among them, and that one of a shape
// the opponent keeps one eye by playing first (up to three points, the square and pyramid
// four, the bulky and crossed five): they cannot make two eyes (after Sabaki's "floating
// stones", which allow one point). Not settled: stones whose wall is short of liberties (it
// may lose a capturing race), stones that outnumber their wall, and an area of half the
// board or more holding every stone of their colour (open play, not a territory).
// A dead stone inside an eye spoils that eye for this count, so enclosures whose wall
// contains stones that are themselves enclosed wait until those are removed; when every
// candidate waits on another, the one with fewest stones goes first.
PointSet enclosedStones(const Board& board);

// Whether one eye of these points stays one eye when the opponent plays first (nakade):
// every shape of up to three points, the square and the pyramid four, the bulky and the
// crossed five.
bool oneEyeShape(const Board& board, const PointSet& points);

// The board without the given stones, rebuilt from setup stones (removing leaves every
// remaining chain at least the liberties it had).
Board withoutStones(const Board& board, const PointSet& removed);

}  // namespace tengen::go
