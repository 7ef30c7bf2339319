#pragma once

// The wire form of a Committed announcement on a game's bus channel (cluster.h):
//   {"committed":VERSION,"events":[[SEQ,"TYPE","PAYLOAD",TIME_MS],...]}
// A bare decimal version, as nodes of an earlier release announce it, decodes to a Committed
// without events: the follower then reads them from the store.

#include <boost/json/object.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "site/rooms/committed.h"

namespace tengen::site {

std::string encodeCommitted(const Committed& committed);
// nullopt when `text` is neither form. `message` is the channel's message already parsed as
// an object, or null for a bare version.
std::optional<Committed> decodeCommitted(int64_t gameId, std::string_view text,
                                         const boost::json::object* message);

}  // namespace tengen::site
