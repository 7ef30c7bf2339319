#pragma once

#include "go/game.h"
#include "go/point_set.h"

namespace tengen::gtp {

// The engine's view of the end of a game, for final_score and final_status_list. Under
// tromp-taylor every stone counts as it stands. Under other rules the dead stones are the
// proposal of go/dead_stones.h: certain where Benson's pass-alive analysis decides,
// otherwise estimated from playouts with fixed seeds (deterministic); it agrees with GNU Go
// 3.8 on the corpus in tests/data/deadstones.
struct FinalStatus {
  go::PointSet alive;
  go::PointSet dead;
  go::PointSet seki;  // only where the rules tax seki (tax=seki/all), else empty
};

go::PointSet presumedDead(const go::Game& game);
FinalStatus finalStatus(const go::Game& game);
// The same with these stones dead (whole chains) instead of the estimate's.
FinalStatus finalStatus(const go::Game& game, const go::PointSet& dead);

}  // namespace tengen::gtp
