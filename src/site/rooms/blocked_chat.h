#pragma once

// Game chat a watcher has blocked the sender of (site/moderation): the room still sends the
// event, since versions never skip, but as a placeholder without its text or sender, exactly
// as a player gets the spectators' channel (docs/protocol.md, "Events"); and a watcher's
// game_state leaves such lines out. Read on the room's strand; the block state is thread-safe.

#include <boost/json/object.hpp>

#include <cstdint>

#include "site/site_context.h"

namespace tengen::site {

// Whether `watcher` (0: anonymous) blocks `sender`.
bool hidesChatFrom(const SiteContext& context, int64_t watcher, int64_t sender);
// Whether the game_event `message` is a chat line from a sender `watcher` blocks.
bool hidesChatOf(const SiteContext& context, int64_t watcher, const boost::json::object& message);
// The game_event `message` (a chat event) with its event replaced by the placeholder.
boost::json::object withChatHidden(boost::json::object message);
// Drops the lines of senders `watcher` blocks from a game_state's "chat" array, and turns
// chat among its "events" (a reconnect's catch-up) into placeholders.
void hideBlockedChat(const SiteContext& context, int64_t watcher, boost::json::object& state);

}  // namespace tengen::site
