#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "go/game.h"
#include "go/point_set.h"
#include "go/random.h"

namespace tengen::go {

struct DeadStoneOptions {
  // 0: a size-dependent default (enough for stable answers, about 10 ms on 19x19).
  int playouts = 0;
  // Same seed, same answer: the proposal must be reproducible.
  std::uint64_t seed = 1;
  // Who owns each point, with ownership.h's contract (mean over `playouts` playouts, +1
  // Black, indexed by Point). Empty: ownership.h's light estimate. src/go knows no better
  // playout policy; the bot's heavy one (bot/ownership_estimate.h) is plugged in here.
  // `playouts` is then this estimator's count (0: defaultPlayouts below).
  using Estimator = std::function<std::vector<float>(const Board&, Color toMove, bool allowSuicide,
                                                     int playouts, Random&)>;
  Estimator estimator;
  // The default playout count for a board size when `playouts` is 0; empty:
  // defaultOwnershipPlayouts (ownership.h).
  std::function<int(int boardSize)> defaultPlayouts;
  // A second opinion where the estimate leaves a chain contested (its mean ownership within
  // kContestedOwnership of even): ownership from reading the fight out, such as the bot's
  // tree search (bot/ownership_estimate.h), since playouts leave to chance a race or a
  // killing move that the side to move finds. Given the game, the board the estimate ran on
  // (settled dead stones off), the estimate and `seed`; returns the estimator's contract.
  // Empty: the estimate stands.
  using Refiner = std::function<std::vector<float>(
      const Game&, const Board&, const std::vector<float>& estimate, std::uint64_t seed)>;
  Refiner refine;
};

struct DeadStoneProposal {
  // Every stone proposed dead; always whole chains.
  PointSet dead;
  // Points (stones or empty) whose owner the estimate is not sure of; players should look
  // there: |ownership| < kUncertainOwnership (by the playouts, and by the reading where
  // there was one, or where the two disagree), and groups kept alive as seki with their
  // liberties; never points Benson makes certain.
  PointSet uncertain;
  // Indexed by Point (padded, geometry().numPoints() entries, 0 off the board): +1 Black
  // owns, -1 White owns. Exactly +-1 where Benson makes it certain; 0 on seki stones and
  // their liberties.
  std::vector<float> ownership;
};

// Below this absolute mean ownership a point is `uncertain`: its owner changed in more
// than one playout in five.
inline constexpr float kUncertainOwnership = 0.6f;
// Below this absolute mean ownership of a chain (its owner changed in more than about one
// playout in seven) DeadStoneOptions::refine is asked. The bot's reading agrees with the
// playouts where they are sure: reading every corpus position (tests/data/deadstones) gave
// the same verdicts as reading none but the contested; 0.7 reads 50 of the 225, and on
// 260 further GNU Go games it fixed one position more than 0.5 did.
inline constexpr float kContestedOwnership = 0.7f;

// The server's opening proposal for the stone-removal phase after a game ends by passes
// (any rules but Tromp-Taylor, which scores the board as it stands). Players may change
// it; nothing here is binding. In order:
//  1. Certain (benson.h): pass-alive chains live; stones in the opponent's pass-alive
//     territory are dead.
//  2. Settled: stones a throw-in kills on the board as it stands (step 4's test, before
//     anything is removed: the playouts would take the stones to be thrown in for dead,
//     and with them off the board the throw-in is gone) are dead, and wall nothing in.
//     Then stones walled in by the opponent with at most one eye between them, of a
//     shape that stays one eye when the opponent plays first (enclosures.h), are dead, and
//     leave the board for step 3; unless the wall is short of liberties (a capturing race
//     it may lose), the stones outnumber the wall, or a quick whole-board estimate (half
//     the playouts) finds them surely alive.
//  3. Estimated: playouts (options.estimator, else ownership.h's light ones) from the
//     position, side to move first, under the rules' suicide setting; where they leave a
//     chain contested, options.refine's reading replaces them. Chains of one colour that
//     share a liberty, unless clearly alive, are judged as one group, which is dead when
//     its stones are mostly the opponent's (mean ownership below 0).
//  4. Throw-ins (seki.h, killedByThrowIn): stones the opponent kills by throwing a stone in
//     at a shared liberty (the capture leaves a nakade-shaped hole) are dead
//     unless pass-alive, whatever the playouts say (their policy never plays that throw-in);
//     only where their liberties are all in empty regions of three points or fewer (a
//     closed race: in open play the dame filling before the test would be an invasion).
//  5. Seki (seki.h): a dead group that keeps a liberty the opponent cannot fill (a shared
//     liberty whose filling is self-atari) is checked for seki on the board without the
//     other dead stones, and lives if it is in one.
//  6. Own territory: dead stones that, with every dead stone taken off, only their own
//     colour surrounds (a stone inside a group found dead) live after all.
// Reproducible: the same game and options give the same proposal. Pure computation on the
// calling thread; cost about options.playouts playouts from the position, 1.5 times that
// when step 2 finds walled-in stones (the default: a mean of 13 ms of CPU on the 19x19
// corpus positions, 9 ms on 13x13, 6.5 ms on 9x9, measured on a loaded 2-core machine),
// plus options.refine's reading when it is asked (the bot's: up to about 0.1 s on 9x9 and
// 0.14 s on 19x19).
DeadStoneProposal proposeDeadStones(const Game& game, const DeadStoneOptions& options = {});

// The stones a count after two passes takes off, as GTP final_score and final_status_list
// report them: none under Tromp-Taylor (the board is scored as it stands), else the
// default proposal's. Agrees with GNU Go 3.8 on the corpus of tests/data/deadstones.
PointSet finalDeadStones(const Game& game);
// The same with other options (e.g. the bot's estimator, bot/ownership_estimate.h).
PointSet finalDeadStones(const Game& game, const DeadStoneOptions& options);

}  // namespace tengen::go
