#pragma once

#include <cstdint>
#include <vector>

#include "go/game.h"
#include "go/point_set.h"

namespace tengen::go {

struct DeadStoneOptions {
  // 0: a size-dependent default (enough for stable answers, about 10 ms on 19x19).
  int playouts = 0;
  // Same seed, same answer: the proposal must be reproducible.
  std::uint64_t seed = 1;
};

struct DeadStoneProposal {
  // Every stone proposed dead; always whole chains.
  PointSet dead;
  // Points (stones or empty) whose owner the estimate is not sure of; players should look
  // there: |ownership| < kUncertainOwnership, and groups kept alive as seki with their
  // liberties.
  PointSet uncertain;
  // Indexed by Point (padded, geometry().numPoints() entries, 0 off the board): +1 Black
  // owns, -1 White owns. Exactly +-1 where Benson makes it certain; 0 on seki stones and
  // their liberties.
  std::vector<float> ownership;
};

// Below this absolute mean ownership a point is `uncertain`: its owner changed in more
// than one playout in five.
inline constexpr float kUncertainOwnership = 0.6f;

// The server's opening proposal for the stone-removal phase after a game ends by passes
// (any rules but Tromp-Taylor, which scores the board as it stands). Players may change
// it; nothing here is binding. In order:
//  1. Certain (benson.h): pass-alive chains live; stones in the opponent's pass-alive
//     territory are dead.
//  2. Settled: stones walled in by the opponent with at most one point of eye between them
//     (they cannot make two eyes) are dead, and leave the board for step 3.
//  3. Estimated: random playouts (ownership.h) from the position, side to move first,
//     under the rules' suicide setting; nothing else about the rules matters. Chains of
//     one colour that share a liberty, unless clearly alive, are judged as one group,
//     which is dead when its stones are mostly the opponent's (mean ownership below 0).
//  4. Seki (seki.h): a dead group that keeps a liberty the opponent cannot fill (a shared
//     liberty whose filling is self-atari) is checked for seki on the board without the
//     other dead stones, and lives if it is in one.
// Reproducible: the same game and options give the same proposal. Pure computation on the
// calling thread; cost about options.playouts playouts from the position (the default is
// about 10 ms of CPU on a 19x19 endgame).
DeadStoneProposal proposeDeadStones(const Game& game, const DeadStoneOptions& options = {});

}  // namespace tengen::go
