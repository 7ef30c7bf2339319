#pragma once

// How clients see an event: the `event` object of a `game_event` (docs/protocol.md, "Events").
// Separate from the log's format (event_log_format.h) on purpose: either can change alone.

#include <boost/json/object.hpp>

#include <cstdint>

#include "game/game_events.h"
#include "go/point.h"

namespace tengen::game {

// {"kind":…, the event's fields…}; moves, passes and chat also carry "timeMs", the time the
// event was committed. A counted end's "score" is added by GameMachine::eventMessage, which
// has the count.
boost::json::object wireEvent(const Event& event, const go::Geometry& geometry, int64_t timeMs);

}  // namespace tengen::game
