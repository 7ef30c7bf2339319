#pragma once

// What the pairing of the next round needs to know about each player from the rounds so far:
// the score, whom they met, the colour balance, the draw-ups and draw-downs, the byes.

#include <vector>

#include "tournament/score.h"
#include "tournament/tournament.h"

namespace tengen::tournament {

struct PairingProfile {
  HalfPoints score;
  // Black games minus White games, over even games only: in a handicap game the stones decide
  // the colour, so it says nothing about balance.
  int colourBalance = 0;
  int lastColour = 0;  // +1 Black, -1 White, 0 none yet (even games only)
  // Draw-ups minus draw-downs: a game against a higher (lower) score before that round is a
  // draw-up (draw-down).
  int floatBalance = 0;
  int drawUps = 0;
  int drawDowns = 0;
  int byes = 0;
  std::vector<int> timesMet;  // by PlayerId
};

// Profiles of every player (by PlayerId) before round `t.rounds.size() + 1`.
std::vector<PairingProfile> pairingProfiles(const Tournament& t);

}  // namespace tengen::tournament
