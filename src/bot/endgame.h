#pragma once

// When the bot passes, and what it must do before it may: the rules decide how a game that
// ends now is counted, so the decision is made here from the actual count rather than left
// to the playouts' noise.

#include <vector>

#include "go/game.h"

namespace tengen::bot {

struct EndgamePlan {
  bool passNow = false;  // passing now ends the game (or keeps it) with a win, or no move is left
  bool passAllowed = false;      // pass may be one of the moves the search compares
  bool capturing = false;        // the moves are restricted to taking dead stones off the board
  std::vector<go::Point> moves;  // the moves to search, legal under the full rules
  double marginIfPassed = 0;     // the mover's margin if the game ended now (0 when not judged)
};

// `candidates`: the mover's legal moves that fill no own eye. `cleanup` (KGS
// kgs-genmove_cleanup) and Tromp-Taylor rules count the board as it stands, so dead
// opponent stones must be captured before passing:
//  - the opponent just passed: under those rules first capture the opponent's dead stones
//    while any remain (moves restricted to their liberties); then pass if the count (dead
//    stones removed as bot::proposeDeadStones proposes, the count GTP final_score makes,
//    or the board as it stands under those rules) is a win. The proposal is the one made
//    after that pass, the opponent to move: an open fight is read for the side the count
//    will read it for. It also passes when its last 16 moves, each answered by a pass, left
//    that count no better for it (its search sees something the count does not, and every
//    further move fills its own area);
//  - late in the game (half the board filled), pass is a candidate move, unless the board as
//    it stands loses under those rules;
//  - otherwise the search sees no pass. No candidate at all: pass.
EndgamePlan planEndgame(const go::Game& game, go::Color toMove, bool cleanup,
                        std::vector<go::Point> candidates);

// Whether the rules count the board as it stands when both pass (no dead-stone removal).
bool countsBoardAsItStands(const go::Rules& rules);

}  // namespace tengen::bot
