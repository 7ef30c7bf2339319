#pragma once

// What an automatch pair plays (docs/protocol.md, "Automatch and challenges"): the pools' fixed
// clocks per board size and speed, and colours, handicap and komi from the players' ranks.
// Pure.

#include <cstdint>
#include <optional>
#include <string>

#include "game/game_clock.h"
#include "site/automatch/pairing.h"
#include "site/ratings/game_rating.h"

namespace tengen::site {

// The pool's clock (players-reference section 3, OGS's automatch presets):
// - blitz: Fischer 30 s + 5 s per move, at most 5 min;
// - live: byo-yomi 10 min (5 min on 13x13, 3 min on 9x9) + 5 x 30 s;
// - correspondence: Fischer 3 days + 1 day per move, at most 7 days, weekends paused.
// speedOf() of each gives back its speed on its board, so the game is rated in that speed.
game::TimeControl poolClock(int boardSize, Speed speed);
// "blitz", "live", "correspondence" back to the speed; nullopt for anything else.
std::optional<Speed> speedFromName(std::string_view name);

struct PairTerms {
  int64_t blackUserId = 0;     // 0: nigiri decides
  int handicap = 0;            // 0 or 2..9 stones
  std::optional<double> komi;  // nullopt: the rules' own komi
};

// Even (nigiri, the rules' komi) unless both allow handicap and the ranks differ by a stone
// or more; a stone is 1 rank on 19x19, 3 on 13x13 and 6 on 9x9 (OGS's rank shift scaled by
// board). Then the weaker takes Black with komi 0.5, and from two stones on, that many
// handicap stones, at most 9 and at most the board's fixed points.
PairTerms pairTerms(const PoolEntry& a, const PoolEntry& b, int boardSize);

}  // namespace tengen::site
