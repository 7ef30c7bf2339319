#pragma once

// Ownership and dead stones with the bot's heavy playout policy (playout_policy.h) in place
// of go/ownership.h's light playouts: heavy playouts defend and attack groups the way
// players would, so large unsettled groups lean the right way where light playouts leave
// them near zero. Unlike the bot's search, these playouts and the reading below play the
// enclosed nakades that kill a group (tactics.h isEnclosedNakade, up to four stones; the .cpp
// says why). src/go cannot depend on src/bot, so the estimator is plugged into
// go::DeadStoneOptions here.

#include <vector>

#include "go/board.h"
#include "go/dead_stones.h"
#include "go/game.h"
#include "go/point_set.h"
#include "go/random.h"

namespace tengen::bot {

// go::estimateOwnership's contract (mean over `playouts` playouts of the final owner, +1
// Black, indexed by Point, the board unchanged, deterministic for an rng state), with each
// playout run by PlayoutPolicy::choose.
std::vector<float> estimateOwnership(const go::Board& board, go::Color toMove, bool allowSuicide,
                                     int playouts, go::Random& rng);

// The ownership a tree search (search.h, heavy playouts, one thread, `seed`) finds from
// `board` with the game's side to move and suicide rule, for go::DeadStoneOptions::refine:
// the mean final owner over its simulations, whose first moves are the search's best
// replies, so a race or a killing move the side to move would find shows. The search wins
// by beating `estimate`'s count (not the komi), so both sides fight for every contested
// group even when the game itself is decided. About readingPlayouts(size) simulations.
std::vector<float> readOwnership(const go::Game& game, const go::Board& board,
                                 const std::vector<float>& estimate, std::uint64_t seed);
int readingPlayouts(int boardSize);

// Heavy playouts per estimate for a board size when none is given.
int defaultOwnershipPlayouts(int boardSize);

// go::DeadStoneOptions with the heavy estimator and its default playout count.
go::DeadStoneOptions deadStoneOptions(std::uint64_t seed = 1);

// go::proposeDeadStones / go::finalDeadStones with deadStoneOptions(): what GTP
// final_status_list / final_score and the site's removal phase use.
go::DeadStoneProposal proposeDeadStones(const go::Game& game);
go::PointSet finalDeadStones(const go::Game& game);

}  // namespace tengen::bot
