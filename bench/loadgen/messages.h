#pragma once

// The client messages the load generator sends (docs/protocol.md), without their `id` (the
// Player adds it). Plain functions: building JSON from braced lists inside a coroutine trips
// GCC 12 ("array used as initializer").

#include <boost/json/object.hpp>

#include <cstdint>
#include <string>

namespace tengen::loadgen::messages {

boost::json::object hello();
// Tromp-Taylor with suicide forbidden, default komi, no handicap, no clock; creator is Black.
boost::json::object createTable(int size);
boost::json::object joinTable(std::int64_t gameId);
boost::json::object watch(std::int64_t gameId);
boost::json::object unwatch(std::int64_t gameId);
boost::json::object move(std::int64_t gameId, std::int64_t expectedVersion,
                         const std::string& point);
boost::json::object pass(std::int64_t gameId, std::int64_t expectedVersion);
boost::json::object resign(std::int64_t gameId, std::int64_t expectedVersion);

}  // namespace tengen::loadgen::messages
