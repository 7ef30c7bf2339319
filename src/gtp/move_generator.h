#pragma once

#include "go/game.h"
#include "go/random.h"

namespace tengen::gtp {

// The placeholder player until the bot exists: a uniformly random point among those the
// rules allow `c` (superko included) that does not fill one of `c`'s own eye-like points,
// or kPass when there is none. The choice depends only on the position and `rng`, so a
// fixed seed replays the same game.
go::Point randomMove(const go::Game& game, go::Color c, go::Random& rng);

}  // namespace tengen::gtp
