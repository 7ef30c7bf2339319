#pragma once

// Prior knowledge for a new tree node's children: virtual playouts added to each child before
// the search visits it (Gelly & Silver 2007, "Combining online and offline knowledge in UCT":
// an "even game" prior plus heuristics; Fuego and Pachi do the same, michi's constants are the
// model for the scale here). Bonuses are virtual wins (visits and wins both grow), penalties
// virtual losses (only visits grow), so the prior mean moves towards 1 or 0 with weight.

#include <span>

#include "go/board.h"

namespace tengen::bot {

struct Prior {
  float visits = 0;
  float wins = 0;
};

// The weights, in virtual playouts. Defaults are what the search uses.
struct PriorOptions {
  float evenVisits = 10;    // every candidate: a 50% prior of this weight
  float capture = 15;       // captures one stone
  float captureMany = 30;   // captures two or more
  float escape = 20;        // saves an own chain in atari (capture or extension, not a ladder)
  float futileEscape = 15;  // penalty: extends a chain in atari into a ladder or no liberties
  float atari = 5;          // puts an opponent chain in atari
  float pattern = 10;       // a MoGo 3x3 pattern next to the last move
  float nearLast = 10;      // one of the last move's eight neighbours
  float nearLast2 = 5;      // two points away (gridcular distance 4-5)
  float selfAtari = 15;     // penalty: a bad self-atari (tactics.h)
  float ownEye = 100;       // penalty: fills an own eye-like point
  float emptyEdge = 10;     // penalty: first or second line with no stone within 3 points
  float emptyThird = 10;    // third line with no stone within 3 points
  int ladderBudget = 60;    // ladder reading for escapes (moves)
  // A nakade of up to this many stones inside the opponent's enclosed eye space is no bad
  // self-atari (tactics.h isEnclosedNakade; MoveFeaturizer); 0: the one-stone rule alone.
  int enclosedNakade = 0;
  // Learned move weights (move_weights.h) instead of the hand-made bonuses above (the even
  // prior and the own-eye penalty stay): each move gets learned * sqrt(strength / strongest)
  // virtual wins, so the position's likeliest move gets `learned` and one a hundred times
  // less likely a tenth of it. 0: the hand-made priors.
  float learned = 0;
  // With `learned`: the move's share of all the candidates' strength (its probability by the
  // weights, as Pachi weighs its pattern priors) instead of its ratio to the strongest, so a
  // move gets learned * sqrt(strength / sum) virtual wins: a lone good move gets most of the
  // weight, one among many alike less.
  bool learnedNormalised = false;
  // Virtual wins for an opening move in an empty corner (lines 3-5 from both edges, not 5-5,
  // with no stone on the corner's first seven lines), with either kind of priors: players
  // take the corners first, and the other priors rate a third-line point on the side as
  // high. 0: none.
  float emptyCorner = 0;
  // Virtual wins for a move that decides a two-liberty chain by a ladder (ladder_fights.h):
  // the atari that captures an opponent chain its owner could still save, or a move that
  // saves an own chain from the opponent's ladder; half as many for a one-stone chain. With
  // either kind of priors; 0: none.
  float ladderFights = 0;
};

// Whether `p` is an opening point of an empty corner, as PriorOptions::emptyCorner rewards:
// on lines 3-5 counted from both nearest edges (not 5-5), with the corner's box (its first
// seven lines, fewer on boards under 15x15) free of stones. Never on boards under 9x9.
bool isEmptyCornerOpening(const go::Board& board, go::Point p);

// For each point of `candidates` (legal for `c` under the full rules, chosen by the caller),
// its prior in `out` (same length); a kPass among them gets the even prior. `last` is the
// opponent's last move and `last2` the one before (kPass or kNoPoint when none). Every prior is
// finite with visits > 0. Cost: one pass over the board for chains in atari plus a few local tests
// per candidate.
void computePriors(const go::Board& board, go::Color c, go::Point last, go::Point last2,
                   std::span<const go::Point> candidates, std::span<Prior> out,
                   const PriorOptions& options);
void computePriors(const go::Board& board, go::Color c, go::Point last,
                   std::span<const go::Point> candidates, std::span<Prior> out);

}  // namespace tengen::bot
