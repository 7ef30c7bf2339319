#pragma once

// JSON pieces shared by the game machine's events and views: players, colours, GTP point
// lists and the score breakdown, each in the shape docs/protocol.md shows.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "game/game_machine.h"
#include "go/color.h"
#include "go/point.h"
#include "go/point_set.h"
#include "go/scoring.h"

namespace tengen::game::machine {

boost::json::object playerJson(const Player& player);
boost::json::value playerOrNull(const std::optional<Player>& player);
// {"id":…,"name":…} with a positive id.
Result<Player> parsePlayer(const boost::json::value& value, std::string_view field);

// "black" / "white".
std::string_view colourName(go::Color colour);
Result<go::Color> parseColour(const boost::json::value& value, std::string_view field);

// A whole number however JSON spelled it (1, 1.0); nullopt for anything else.
std::optional<int64_t> asInteger(const boost::json::value& value);

// GTP points in board order (A1, B1, ...; pass never appears).
boost::json::array pointList(const go::Geometry& geometry, const go::PointSet& points);
boost::json::array pointList(const go::Geometry& geometry, const std::vector<go::Point>& points);
// Each item a GTP point on this board, no pass; errors name the field and the item.
Result<std::vector<go::Point>> parsePointList(const go::Geometry& geometry,
                                              const boost::json::value& value,
                                              std::string_view field);
Result<go::Point> parsePoint(const go::Geometry& geometry, const boost::json::value& value,
                             std::string_view field);

// The `score` object of the state (go::ScoreBreakdown); under Ing's rules with area
// scoring also `fillIn`, Ing's count of the same (go::fillInCount).
boost::json::object scoreJson(const go::ScoreBreakdown& score, const go::Geometry& geometry,
                              const go::Rules& rules);

}  // namespace tengen::game::machine
