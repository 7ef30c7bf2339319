#pragma once

// A registered player as the pairing and the results file see them. Players are referred to
// by their index in the tournament's player list (PlayerId).

#include <string>

#include "tournament/rank.h"

namespace tengen::tournament {

using PlayerId = int;

struct Player {
  std::string name;  // "Surname Given", as the EGF results file lists players
  Rank rank;
  std::string club;
  std::string country;  // two letters, or empty
};

}  // namespace tengen::tournament
