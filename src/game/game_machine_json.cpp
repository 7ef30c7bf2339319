#include "game/game_machine_json.h"

#include <boost/json/string.hpp>

#include <cmath>
#include <limits>
#include <utility>

#include "base/quote_input.h"

namespace tengen::game::machine {

namespace json = boost::json;

json::object playerJson(const Player& player) {
  json::object out;
  out["id"] = player.id;
  out["name"] = player.name;
  if (player.bot) out["bot"] = true;
  return out;
}

json::value playerOrNull(const std::optional<Player>& player) {
  if (!player) return nullptr;
  return playerJson(*player);
}

Result<Player> parsePlayer(const json::value& value, std::string_view field) {
  const json::object* object = value.if_object();
  const std::string where(field);
  if (!object) return fail("expected a user object {id, name}", where);
  const json::value* id = object->if_contains("id");
  const json::value* name = object->if_contains("name");
  const std::optional<int64_t> idValue = id ? asInteger(*id) : std::nullopt;
  if (!idValue || *idValue <= 0) return fail("expected a positive integer id", where + ".id");
  if (!name || !name->is_string()) return fail("expected a string", where + ".name");
  const json::value* bot = object->if_contains("bot");
  return Player{*idValue, std::string(name->as_string()), bot && bot->is_bool() && bot->as_bool()};
}

std::string_view colourName(go::Color colour) { return go::colorName(colour); }

Result<go::Color> parseColour(const json::value& value, std::string_view field) {
  if (value.is_string()) {
    if (value.as_string() == "black") return go::Color::Black;
    if (value.as_string() == "white") return go::Color::White;
  }
  return fail("expected \"black\" or \"white\"", std::string(field));
}

std::optional<int64_t> asInteger(const json::value& value) {
  if (value.is_int64()) return value.as_int64();
  if (value.is_uint64()) {
    if (value.as_uint64() > static_cast<uint64_t>(std::numeric_limits<int64_t>::max())) {
      return std::nullopt;
    }
    return static_cast<int64_t>(value.as_uint64());
  }
  if (value.is_double()) {
    const double d = value.as_double();
    // Beyond 2^53 a double no longer says which integer it was.
    if (std::trunc(d) == d && std::fabs(d) <= 9007199254740992.0) return static_cast<int64_t>(d);
  }
  return std::nullopt;
}

json::array pointList(const go::Geometry& geometry, const go::PointSet& points) {
  json::array out;
  points.forEach([&](go::Point p) { out.emplace_back(geometry.toGtp(p)); });
  return out;
}

json::array pointList(const go::Geometry& geometry, const std::vector<go::Point>& points) {
  json::array out;
  for (go::Point p : points) out.emplace_back(geometry.toGtp(p));
  return out;
}

Result<go::Point> parsePoint(const go::Geometry& geometry, const json::value& value,
                             std::string_view field) {
  const std::string where(field);
  if (!value.is_string()) return fail("expected a point such as \"D4\"", where);
  const std::string_view text = value.as_string();
  const std::optional<go::Point> point = geometry.fromGtp(text);
  if (!point || *point == go::kPass) {
    return fail(quoteInput(text) + " is not a point of this " + std::to_string(geometry.size()) +
                    "x" + std::to_string(geometry.size()) + " board",
                where);
  }
  return *point;
}

Result<std::vector<go::Point>> parsePointList(const go::Geometry& geometry,
                                              const json::value& value, std::string_view field) {
  const json::array* array = value.if_array();
  if (!array) return fail("expected a list of points", std::string(field));
  std::vector<go::Point> out;
  out.reserve(array->size());
  for (size_t i = 0; i < array->size(); ++i) {
    auto point =
        parsePoint(geometry, (*array)[i], std::string(field) + "[" + std::to_string(i) + "]");
    if (!point) return std::unexpected(point.error());
    out.push_back(*point);
  }
  return out;
}

namespace {

json::object sideJson(const go::SideScore& side, bool white) {
  json::object out;
  out["stones"] = side.stones;
  out["territory"] = side.territory;
  out["prisoners"] = side.prisoners;
  out["dead"] = side.deadStones;
  out["seki"] = side.sekiPoints;
  out["passStones"] = side.passStones;
  out["tax"] = side.groupTax;
  out["button"] = side.button;
  if (white) {
    out["komi"] = side.komi;
    out["handicapBonus"] = side.handicapBonus;
  }
  out["total"] = side.total;
  return out;
}

json::object fillInJson(const go::FillInCount& fill) {
  json::object out;
  out["stonesEach"] = fill.stonesEach;
  for (go::Color c : {go::Color::Black, go::Color::White}) {
    out[colourName(c)] = json::object{{"onBoard", fill.onBoard[go::colorIndex(c)]},
                                      {"inBowl", fill.inBowl[go::colorIndex(c)]}};
  }
  return out;
}

}  // namespace

json::object scoreJson(const go::ScoreBreakdown& score, const go::Geometry& geometry,
                       const go::Rules& rules) {
  json::object out;
  out["black"] = sideJson(score.black, false);
  out["white"] = sideJson(score.white, true);
  out["result"] = score.result;
  json::object territory;
  territory["black"] = pointList(geometry, score.territory[go::colorIndex(go::Color::Black)]);
  territory["white"] = pointList(geometry, score.territory[go::colorIndex(go::Color::White)]);
  out["territory"] = std::move(territory);
  out["dead"] = pointList(geometry, score.dead);
  out["seki"] = pointList(geometry, score.sekiPoints);
  out["dame"] = pointList(geometry, score.dame);
  if (rules.preset == go::Preset::Ing && rules.scoring == go::ScoringRule::Area) {
    out["fillIn"] = fillInJson(go::fillInCount(score, geometry.size()));
  }
  return out;
}

}  // namespace tengen::game::machine
