#pragma once

// The text of the site's JSON (HTTP bodies and WebSocket messages). Boost.JSON writes every
// double in scientific form ("7.5E0", "5E-1"); a player reading /api/games/N, and any client
// that compares texts, expects numbers the way JavaScript's JSON.stringify writes them: 7.5,
// 7, 0.5. Everything else (strings and their escapes, order of keys) is Boost.JSON's.

#include <boost/json/value.hpp>

#include <string>

namespace tengen {

// `value` as compact JSON with doubles in their shortest round-trip form (std::to_chars):
// an integral double has no fraction ("7"), -0 is "0", and a NaN or infinity, which JSON
// cannot carry, is null (as in JavaScript). Cost: one pass, one growing string.
std::string jsonText(const boost::json::value& value);

// The same for a double alone ("7.5", "-0.5", "1e+21").
std::string jsonNumber(double number);

}  // namespace tengen
