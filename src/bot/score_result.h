#pragma once

// Score-aware simulation results (Fuego's score modification, Pachi's val_scale): a small
// share of each simulation's value for Black comes from its margin, the rest from who won.
// A search that counts wins alone cannot tell a move that keeps a 30-point lead from one that
// keeps 2 points of it: ahead, nearly every simulation wins whatever it plays, so it gives
// points away until the game is close, and one misjudged group then loses it. With a share of
// the value by margin, among moves that win alike the one that wins by more ranks higher;
// behind, the one that loses by less, which keeps the game close.
//
//   const int resultX2 = bot::scoredResultX2(margin, boardSize, share, rng);  // 0, 1 or 2
//
// The tree counts results as integers (half wins, so its counters stay lock-free atomics):
// instead of adding the fractional value, the result is drawn so that its expectation is that
// value. Cost: one random number per simulation when the share is above 0, none at 0.
//
// Measured on 19x19 at share 0.05 against GNU Go: no more games won, and the won games' margins
// as small as without (docs/strength.md, "Score-aware results"), so the bot's default is 0.

#include "go/random.h"

namespace tengen::bot {

// The margin's part of the value: 0.5 at an even count, rising linearly by 1 / (4 * size)
// per point of Black's margin and saturating at 0 and 1 at a margin of 2 * size points (38
// on 19x19, 18 on 9x9), beyond which a point more or less no longer matters.
double marginValue(double blackMargin, int boardSize);

// A simulation's value for Black: (1 - share) times its result (1 won, 0.5 drawn, 0 lost)
// plus share times marginValue. share in [0, 1].
double blackValue(double blackMargin, int boardSize, double share);

// The result to back up for Black in half wins (2 won, 1 drawn, 0 lost): with probability
// 1 - share the simulation's own result, otherwise a coin that falls to Black with
// probability marginValue, so that its mean is blackValue. share 0: the simulation's result,
// and `rng` is not drawn from.
int scoredResultX2(double blackMargin, int boardSize, double share, go::Random& rng);

}  // namespace tengen::bot
