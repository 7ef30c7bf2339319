#pragma once

// Typed game settings from the texts tests are easiest to read in: a rules spec, a time
// control's JSON, an SGF result. Each throws (through .value()) on a text that does not parse,
// which fails the test at the line that wrote it.

#include <boost/json/parse.hpp>

#include <string_view>

#include "game/game_clock.h"
#include "game/game_result.h"
#include "go/rules.h"

namespace tengen {

inline go::Rules rulesOf(std::string_view spec) { return go::Rules::parse(spec).value(); }

inline game::TimeControl timeControlOf(std::string_view json) {
  return game::TimeControl::fromJson(boost::json::parse(json)).value();
}

inline game::GameResult resultOf(std::string_view re) {
  return game::GameResult::parse(re).value();
}

}  // namespace tengen
