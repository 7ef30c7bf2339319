#pragma once

// A whole command as JSON and back, every kind of arguments included (the clock's, the site's
// and a bot driver's as well as a client's), with the report of fields that did not decode:
// how a command crosses between nodes (site/cluster/forwarded_request.h). decodeCommand
// (command.h) reads a client's message and never fails; this reads only what encodeCommand
// wrote and refuses anything else, naming the field.
//
//   {"command":"move","args":{"is":"point","point":"D4"}}
//   {"command":"move","args":{"is":"point","point":""},
//    "malformed":{"code":"bad_request","message":"point: missing","reason":""}}

#include <boost/json/object.hpp>

#include "base/result.h"
#include "game/command.h"

namespace tengen::game {

// Writes "command", "args" and, when set, "malformed" into `into`, beside whatever the caller
// carries with them. A claim's presence is left out: the owning room fills it in.
void encodeCommand(const Command& command, boost::json::object& into);
// The command those fields hold; the expected version is the caller's to carry.
Result<Command> decodeEncodedCommand(const boost::json::object& encoded);

}  // namespace tengen::game
