#pragma once

#include "go/game.h"
#include "go/random.h"

namespace tengen::testing {

// How the differential games pick moves. Uniform random play rarely reaches the corner
// cases of the rules, so some moves are steered towards them. Percentages per move.
struct MovePolicy {
  int passPercent = 2;            // pass although moves remain (lifts a ko ban)
  int eyeFillPercent = 6;         // pick among all legal points, own eyes included
  int koCapturePercent = 60;      // when a capture that starts a ko exists, take it
  int sameColorAgainPercent = 1;  // the player who just moved moves again (GTP allows it)
  // With only own eyes left, fill one instead of passing: groups then put themselves in
  // atari and get captured, which reopens the board for large captures and new shapes.
  int stuckFillPercent = 25;
  // After two passes, play on (GTP allows it) instead of ending the game.
  int resumePercent = 50;
  // Take back the last move on both engines (GTP undo) instead of moving; the undone
  // position, ko ban and prisoners included, must match again.
  int undoPercent = 2;
  // Superko hunting: a player barred by a simple ko passes, and a pass is answered by a
  // pass, so the retake would recreate an earlier board once the ban is lifted.
  int koPassPercent = 0;
  int answerPassPercent = 0;
};

// The next move: a point from tengen's legal set for the mover (so tengen's legality
// decides, GNU Go's is compared), or a pass when only eye-filling points are left.
go::Move chooseMove(const go::Game& game, go::Random& rng, const MovePolicy& policy);

// Whether `c` playing at `p` captures exactly one stone with a lone stone left with one
// liberty: the capture that starts a simple ko.
bool startsKo(const go::Board& board, go::Point p, go::Color c);

}  // namespace tengen::testing
