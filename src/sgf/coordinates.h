#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "go/point.h"

namespace tengen::sgf {

// SGF points are two letters, column then row, counted from the top-left corner: "aa" is
// the top-left point, and the letter i is not skipped (SGF FF[4], "Move/Point").
// Errors carry no position; the caller knows where the value was.

// A B or W value: a point, or a pass, written "" (FF[4]) or "tt" on boards up to 19x19
// (FF[3]). Surrounding whitespace is ignored.
Result<go::Point> parseMove(std::string_view value, const go::Geometry& geometry);
// One value of an AB/AW/AE list: a point, or a rectangle "aa:cc" (FF[4] compressed list)
// given by two opposite corners, in any order.
Result<std::vector<go::Point>> parsePointRange(std::string_view value,
                                               const go::Geometry& geometry);
// "dd"; "" for a pass.
std::string formatPoint(go::Point p, const go::Geometry& geometry);

}  // namespace tengen::sgf
