#pragma once

// A room request as it travels between nodes (docs/scaling.md, "Forwarding"): a command that
// reached a node which does not own its game goes to the owner as JSON, and the owner's answer
// comes back as the message the sender's socket gets. Everything a RoomRequest holds but its
// `send` and `answer` crosses: the actor, the command with its arguments, the expected version, the
// client's message id and how to answer.

#include <boost/json/object.hpp>

#include <string>

#include "base/result.h"
#include "site/rooms/room_request.h"

namespace tengen::site {

boost::json::object encodeRequest(const RoomRequest& request);
// The request without its `send`; an error naming the field for anything malformed (the bus is
// ours, but a node of another version may share it).
Result<RoomRequest> decodeRequest(const boost::json::object& encoded);

}  // namespace tengen::site
