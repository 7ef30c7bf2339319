#pragma once

// The JSON of engine reviews (docs/protocol.md, "Engine review"): the `engine_review` reply and
// push, and the `engine_review_progress` push.

#include <boost/json/object.hpp>

#include <cstdint>
#include <string_view>
#include <vector>

#include "store/store.h"

namespace tengen::site {

boost::json::object reviewPositionJson(const store::EngineReviewPosition& position);

// {"type":"engine_review","gameId","status","playouts","total","positions","turningPoints"};
// status is "none", "queued", "running" or "done", turningPoints (turning_points.h) only when
// done.
boost::json::object reviewJson(int64_t gameId, std::string_view status, int64_t playouts,
                               int64_t total,
                               const std::vector<store::EngineReviewPosition>& positions);

// {"type":"engine_review_progress","gameId","total","position"}.
boost::json::object progressJson(int64_t gameId, int64_t total,
                                 const store::EngineReviewPosition& position);

}  // namespace tengen::site
