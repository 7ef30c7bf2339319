#pragma once

// The vital point of a small eye space, for the playouts' nakade rule
// (PlayoutOptions::nakadeVitalRate; Pachi's playouts have one of the kind). A group whose
// eye space is a straight or bent three, a pyramid (T) four, a bulky or crossed five lives if
// its owner plays the space's vital point and dies if the opponent does; uniformly random
// playouts find that point by chance only, so they misjudge such groups both ways.

#include "go/board.h"

namespace tengen::bot {

// The vital point of an eye space next to `last` (a stone): a connected region of three to
// five empty points, orthogonally next to `last`, whose every neighbour is the edge or a
// stone of `last`'s colour, with one point that has more neighbours inside the region than
// any other (for four or five points, at least three). That point is the vital point of the
// straight and bent three, the T four, the bulky and crossed five; the spaces without one
// (straight and bent fours and fives, the square four) give kPass, as does no such region.
// Cost: a bounded flood fill from each of `last`'s four neighbours.
go::Point nakadeVitalPoint(const go::Board& board, go::Point last);

}  // namespace tengen::bot
