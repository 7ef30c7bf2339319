#pragma once

// How a game's events are kept in its log (the store's rows: type, payload, time), apart from
// how clients see them on the wire (game_machine.h, eventMessage). The log format has a
// version, so that the wire can change without touching stored games and the log can change
// without breaking old ones:
//
// - Version 2, written now: the payload is a JSON object {"v":2, …} holding the event's
//   fields by their names in game_events.h ("colour":"black", "point":"D4", …; points as GTP
//   text, players as {"id","name"} with "bot":true for bots). The kind is the row's type
//   column and the time its time column, so neither is repeated in the payload.
// - Version 1, written up to commit 68b7ee7: the payload was the wire's `event` object: a
//   "kind" equal to the type, the same fields, and wire-only extras (move, pass and chat
//   carried "timeMs"; a counted end its "score"), which are ignored. Read, never written.
//
// Any other "v" is refused with its number named, so a log written by a newer server is never
// misread by an older one.

#include <cstdint>

#include "base/result.h"
#include "game/game_events.h"
#include "game/logged_event.h"
#include "go/point.h"

namespace tengen::game {

inline constexpr int kEventLogVersion = 2;

// The row to append for `event` (on a board of `geometry`) as seq `seq` of game `gameId`,
// stamped `timeMs`.
LoggedEvent toLogged(const Event& event, const go::Geometry& geometry, int64_t gameId, int64_t seq,
                     int64_t timeMs);

// The event a row holds, on a board of `geometry`. Errors name the field and say what was
// expected; the caller adds which seq it was.
Result<Event> fromLogged(const LoggedEvent& row, const go::Geometry& geometry);

}  // namespace tengen::game
