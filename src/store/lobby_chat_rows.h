#pragma once

// A line of the lobby's chat as the store keeps it (migrations/0017_lobby_chat.sql).

#include <cstdint>
#include <string>

#include "store/moderation_rows.h"

namespace tengen::store {

struct LobbyChatRow {
  int64_t id = 0;  // set by the store, increasing
  UserRef from;    // appendLobbyChat reads only the id; the name comes back from users
  std::string text;
  int64_t createdMs = 0;
  bool operator==(const LobbyChatRow&) const = default;
};

}  // namespace tengen::store
