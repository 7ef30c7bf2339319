#pragma once

// A line of the lobby's chat as the store keeps it (migrations/0017_lobby_chat.sql).

#include <cstdint>
#include <string>

#include "store/moderation_rows.h"

namespace tengen::store {

// How many of the latest lines the store keeps; older ones are pruned as lines are appended.
inline constexpr int64_t kLobbyChatLinesKept = 500;

struct LobbyChatRow {
  int64_t id = 0;  // set by the store, increasing
  UserRef from;    // appendLobbyChat reads only the id; the name comes back from users
  std::string text;
  int64_t createdMs = 0;
  bool operator==(const LobbyChatRow&) const = default;
};

}  // namespace tengen::store
