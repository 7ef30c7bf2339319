#pragma once

// What one node tells the others on kModerationChannel right after it wrote a block, a mute or
// a ban to the store (docs/protocol.md, "Moderation", "Several nodes"), so that every node's
// ModerationState and sockets follow at once. Decoded once into this type.

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tengen::site {

// The moderation's own bus channel (bus.h), named after this folder.
inline constexpr const char* kModerationChannel = "tengen.moderation";

enum class ModerationNewsKind { Block, Unblock, Mute, Unmute, Ban };

struct ModerationNews {
  std::string node = {};  // the publisher, which skips its own message
  ModerationNewsKind kind = ModerationNewsKind::Block;
  int64_t userId = 0;       // the blocker, or the muted or banned user
  int64_t otherId = 0;      // Block, Unblock: the blocked user
  int64_t untilMs = 0;      // Mute: 0 until lifted
  std::string reason = {};  // Mute: what the muted player is told
  // Ban: the login sessions the ban ended (their keys, as login_sockets.h knows them), whose
  // sockets every node closes.
  std::vector<std::string> endedSessions = {};
  bool operator==(const ModerationNews&) const = default;
};

std::string encodeModerationNews(const ModerationNews& news);
// nullopt for anything that is not a well-formed message of encodeModerationNews.
std::optional<ModerationNews> decodeModerationNews(std::string_view text);

}  // namespace tengen::site
