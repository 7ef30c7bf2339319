#pragma once

#include <cstdint>
#include <string>

namespace tengen::game {

struct Player {
  int64_t id = 0;
  std::string name;
  bool bot = false;  // a bot account (bot_roster.h): summaries show "bot":true
  bool operator==(const Player&) const = default;
};

// Who sent a command: a logged-in user, or nobody (id 0) for an anonymous watcher.
struct Actor {
  int64_t userId = 0;
  std::string name;
};

}  // namespace tengen::game
