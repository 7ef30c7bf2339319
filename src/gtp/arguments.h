#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "go/color.h"
#include "go/point.h"
#include "go/point_set.h"

namespace tengen::gtp {

// Argument parsing shared by the command groups. Failures carry the message the standard
// commands reply with ("syntax error"); extensions may replace it with a fuller one.

// `black`, `b`, `white`, `w`, any case (GTP v2 section 2.8).
Result<go::Color> parseColor(std::string_view text);
// A vertex on this board or `pass`, any case.
Result<go::Point> parseVertex(const go::Geometry& geometry, std::string_view text);
// A decimal integer that fits an int.
Result<int> parseInt(std::string_view text);
// A finite decimal number.
Result<double> parseNumber(std::string_view text);

// Vertices separated by single spaces, in the order given / in point order.
std::string vertexList(const go::Geometry& geometry, const std::vector<go::Point>& points);
std::string vertexList(const go::Geometry& geometry, const go::PointSet& points);

}  // namespace tengen::gtp
