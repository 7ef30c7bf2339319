#pragma once

#include <vector>

#include "go/point.h"

namespace tengen::gtp {

// The engine's choice for place_free_handicap: the fixed_handicap points while they suffice,
// then, one at a time, the candidate point farthest (Euclidean) from every stone placed so
// far, lowest point first on ties. Candidates avoid the first two lines on boards of 7x7 and
// up (stones there do little), and the first line on 5x5 and 6x6. GTP v2 allows placing
// fewer stones than asked: no more than half the candidates are used, so Black never fills
// the board with its own stones. Empty for n < 2, which GTP does not allow.
std::vector<go::Point> freeHandicap(int size, int n);

}  // namespace tengen::gtp
