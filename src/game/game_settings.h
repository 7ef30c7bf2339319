#pragma once

#include <cstdint>
#include <string>

namespace tengen::game {

// A game's settings as the store keeps them, one row per game. Ids are assigned by the store;
// 0 means "none" (an open seat, no owner).
struct GameSettings {
  int64_t id = 0;
  int size = 19;
  std::string rules;  // go::Rules spec text, e.g. "tromp-taylor suicide=forbidden"
  double komi = 7.5;
  int handicap = 0;
  bool freeHandicap = false;
  std::string timeControl = "{}";  // JSON text
  int64_t blackUserId = 0;         // 0 = open seat
  int64_t whiteUserId = 0;
  std::string colourChoice;  // black | white | nigiri
  int64_t ownerUserId = 0;
  int64_t createdMs = 0;        // 0 on create: the store stamps the current time
  std::string status = "open";  // open | playing | finished | cancelled
  std::string result;           // SGF RE text once finished: "B+3.5", "W+T", "Void"
  // The table asked for a rated game; whether it is rated in the end also depends on the
  // players and the clock (site/ratings/game_rating.h).
  bool rated = false;
  // Both players allow score estimates while the game is played (the owner set it on the
  // table, the opponent sat down at it knowing): docs/protocol.md "Score estimate".
  bool estimates = false;
};

}  // namespace tengen::game
