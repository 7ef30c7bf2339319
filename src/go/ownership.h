#pragma once

#include <vector>

#include "go/board.h"
#include "go/random.h"

namespace tengen::go {

// Who ends up owning each point when the position is played out: the mean over `playouts`
// playouts of +1 where Black owns the final point (a Black stone, or an empty region only
// Black touches) and -1 where White does; points nobody owns count 0. Both colours
// alternate from `toMove`. Each move is the urgent reply if there is one (take a stone the
// opponent's last move left in atari, or save a chain it put in atari), else playout.h's
// randomMove: uniform among legal moves that fill no own eye, with the given suicide rule.
// The board itself is not changed; deterministic for a given `rng` state.
// Indexed by Point, sized geometry().numPoints(); off-board entries are 0.
// Cost: `playouts` playouts from the position, about 25 us each on a 19x19 endgame.
std::vector<float> estimateOwnership(const Board& board, Color toMove, bool allowSuicide,
                                     int playouts, Random& rng);

// Adds who owns each point of a played-out board to `sums` (indexed by Point): +1 a Black
// stone or an empty region only Black touches, -1 for White, 0 otherwise.
void addFinalOwners(const Board& board, std::vector<int>& sums);

// The mean final ownership over `playouts` playouts of `board`, each played on a fresh copy
// by `playOut(Board&)`: the loop of estimateOwnership, shared with other playout policies
// (bot/ownership_estimate.h). A cycle of kos (playouts keep no superko history) must be cut
// off by `playOut`; its board is counted as it stands.
template <class PlayOut>
std::vector<float> meanOwnership(const Board& board, int playouts, PlayOut&& playOut) {
  std::vector<int> sums(static_cast<std::size_t>(board.geometry().numPoints()), 0);
  Board scratch = board;
  for (int i = 0; i < playouts; ++i) {
    scratch = board;
    playOut(scratch);
    addFinalOwners(scratch, sums);
  }
  std::vector<float> ownership(sums.size(), 0.0f);
  if (playouts <= 0) return ownership;
  for (std::size_t p = 0; p < sums.size(); ++p) {
    ownership[p] = static_cast<float>(sums[p]) / static_cast<float>(playouts);
  }
  return ownership;
}

// Enough playouts for an ownership that varies by a few hundredths between seeds, while
// staying near 10 ms on 19x19 (fewer points per playout on smaller boards buy more).
int defaultOwnershipPlayouts(int boardSize);

}  // namespace tengen::go
