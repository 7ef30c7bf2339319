#pragma once

#include "go/game.h"
#include "go/point_set.h"

namespace tengen::gtp {

// The engine's own view of the end of a game, for final_score and final_status_list, until
// the bot can judge life and death. Under tromp-taylor every stone counts as it stands.
// Under other rules only certain deaths are taken: stones inside the opponent's Benson
// pass-alive territory, which no sequence of moves can save.
struct FinalStatus {
  go::PointSet alive;
  go::PointSet dead;
  go::PointSet seki;  // only where the rules tax seki (tax=seki/all), else empty
};

go::PointSet presumedDead(const go::Game& game);
FinalStatus finalStatus(const go::Game& game);

}  // namespace tengen::gtp
