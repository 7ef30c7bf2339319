#include "site/analysis/review_json.h"

#include <boost/json/array.hpp>

#include <cmath>

#include "site/analysis/turning_points.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

// Win rates to a tenth of a point and scores to a tenth of a point of the board: the graph
// needs no more, and the messages stay a few kilobytes for a long game.
double roundedTo(double value, double scale) { return std::round(value * scale) / scale; }

}  // namespace

json::object reviewPositionJson(const store::EngineReviewPosition& position) {
  return json::object{{"moveNumber", position.moveNumber},
                      {"blackWinRate", roundedTo(position.blackWinRate, 1000)},
                      {"blackMargin", roundedTo(position.blackMargin, 10)},
                      {"blackToMove", position.blackToMove},
                      {"bestMove", position.bestMove}};
}

json::object reviewJson(int64_t gameId, std::string_view status, int64_t playouts, int64_t total,
                        const std::vector<store::EngineReviewPosition>& positions) {
  json::array list;
  list.reserve(positions.size());
  for (const auto& position : positions) list.push_back(reviewPositionJson(position));
  json::object out{{"type", "engine_review"}, {"gameId", gameId}, {"status", status},
                   {"playouts", playouts},    {"total", total},   {"positions", std::move(list)}};
  if (status == "done") {
    json::array turning;
    for (const TurningPoint& point : turningPoints(positions)) {
      turning.push_back(json::object{{"moveNumber", point.moveNumber},
                                     {"drop", roundedTo(point.drop, 1000)},
                                     {"bestMove", point.bestMove}});
    }
    out["turningPoints"] = std::move(turning);
  }
  return out;
}

json::object progressJson(int64_t gameId, int64_t total,
                          const store::EngineReviewPosition& position) {
  return json::object{{"type", "engine_review_progress"},
                      {"gameId", gameId},
                      {"total", total},
                      {"position", reviewPositionJson(position)}};
}

}  // namespace tengen::site
