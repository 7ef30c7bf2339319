#pragma once

// The moves that decide two-liberty chains by ladders, for the tree's priors
// (PriorOptions::ladderFights). The learned move weights (move_features.h) see a chain only
// once it is in atari, so a search with a few thousand playouts on 19x19 learns too late
// that a two-liberty chain, its own or the opponent's, is one atari from a ladder: a cutting
// stone lost, a group's tail captured. Read here for the side to move:
//   - an opponent chain with two liberties that a ladder atari captures, and that its owner,
//     moving first, could still save (extend out of the ladder): the working atari;
//   - an own chain with two liberties that the opponent's ladder atari would capture: the
//     moves that save it (an extension, or capturing an opponent chain in atari next to it)
//     and leave it no ladder.
// Chains that are lost or safe whoever moves are left alone: playing there gains nothing.
//
//   std::vector<bot::LadderFightMove> moves = bot::ladderFightMoves(board, toMove, 60);

#include <vector>

#include "go/board.h"

namespace tengen::bot {

struct LadderFightMove {
  go::Point point = go::kNoPoint;
  int stones = 0;  // the stones of the chain the move captures or saves
};

// Every such move for `c` on `board`, one entry per chain and move (a point can serve two
// chains). Each ladder is read with at most `budget` ataris; one the budget cuts short counts
// as no ladder. The moves are board-legal for c without suicide; the caller applies its own
// candidate rules (ko, eyes). Cost: a scan of the board's chains, then a few board copies
// and ladder readings per two-liberty chain.
std::vector<LadderFightMove> ladderFightMoves(const go::Board& board, go::Color c, int budget);

}  // namespace tengen::bot
