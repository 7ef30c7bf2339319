#pragma once

#include <optional>
#include <vector>

#include "go/point.h"

namespace tengen::go {

// The most stones fixed placement allows on this board: 9 on odd sizes from 9 up, 4 on
// even sizes and 7x7, none below 7x7 (as GNU Go, the GTP reference engine).
int maxFixedHandicap(int size);

// GTP fixed_handicap placement: star points on the 3rd line below 12x12, the 4th line
// from 12x12 up; 2 = D4 Q16, 3 adds D16, 4 adds Q4, 5 adds tengen, 6 the side points,
// 7 = 6 + tengen, 8 the side and top/bottom points, 9 all. nullopt if n is not allowed.
std::optional<std::vector<Point>> fixedHandicap(int size, int n);

}  // namespace tengen::go
