#pragma once

// Local tactics on a go::Board for the playout policy and the priors: liberties counted up to
// a cap, what a move would leave its chain, self-atari, captures, atari escapes and ladders.
// Everything here reads the board through its public API (chain rings, colours, O(1) inAtari)
// and stops counting as soon as the answer is known, so the common cases cost a few loads.
// All functions are pure over a const board (the ladder reader works on copies) and
// thread-safe.

#include <cstdint>

#include "go/board.h"

namespace tengen::bot {

// Up to `max` (<= 8) distinct liberties of the chain through the stone at `p`, written to
// `out` (which must hold `max` points); returns how many were found (< max means exact).
// Walks the chain: O(chain size) at worst, less when `max` is reached early.
int chainLiberties(const go::Board& board, go::Point p, int max, go::Point* out);

// The one liberty of a chain in atari (precondition: board.inAtari(p)).
go::Point lastLiberty(const go::Board& board, go::Point p);

// What playing `p` (empty) for `c` would leave: the liberties of the stone's chain after the
// move counted up to `max` (<= 8), the stones in that chain and whether it captures.
// Captured chains count as liberties where they touch p (their other stones are not
// counted, so the count can be low after a capture; callers treat captures apart).
struct MoveEffect {
  int liberties = 0;  // capped at max
  int stones = 1;     // stones of the merged chain
  bool captures = false;
};
MoveEffect moveEffect(const go::Board& board, go::Point p, go::Color c, int max = 3);

// A move is a self-atari when it captures nothing and leaves its chain one liberty (or none:
// a multi-stone suicide). `bad` adds the policy's judgement: a self-atari is bad unless it is
// a single stone that puts an opponent chain next to it in atari or is the last liberty fight
// of a throw-in (an adjacent opponent chain with at most two liberties), which is how dead
// groups with small eyes get killed in playouts. With nakadeStones above 1 the same holds for
// a chain of up to that many stones (the move and the own chains it joins): its capture
// leaves a hole of two or three points, one eye for the capturer (nakade).
// With enclosedNakade above 0, a self-atari that isEnclosedNakade allows (up to that many
// stones) is never bad, whatever the liberties of the chains around it.
bool isSelfAtari(const go::Board& board, go::Point p, go::Color c);
bool isBadSelfAtari(const go::Board& board, go::Point p, go::Color c, int nakadeStones = 1,
                    int enclosedNakade = 0);

// A nakade inside the opponent's eye space: `p` is a self-atari for `c` whose chain (p and
// the own chains it joins) has two to `maxStones` (at most four) stones and which, with its
// one liberty, fills a space the opponent encloses alone (every point next to them is one of
// them, the edge or an opponent stone). The opponent gets at most one eye there: capturing
// leaves a space of two or three points, whose vital point c can play again, or of four in
// a square or a T (four stones count only in those shapes). Under area scoring the stones
// cost nothing, the space being the opponent's anyway; it is how a group whose eye space is a
// bent three gets killed (S16 and T16 against a bent three S15-S16-T16), or a corner whose
// space the opponent fills with a square of four.
bool isEnclosedNakade(const go::Board& board, go::Point p, go::Color c, int maxStones);

// Size of the opponent chains `c` would capture by playing p (0: none).
int captureSize(const go::Board& board, go::Point p, go::Color c);

// The chain through `stone` (colour d) has exactly two liberties and the attacker (the other
// colour) is to move: can the attacker capture it by repeated ataris (a ladder)? The defender
// escapes by capturing an attacker chain next to it that is in atari or by reaching three
// liberties. Reads on board copies with at most `budget` moves played in all; when the budget
// runs out it answers false (not proven), so callers only lose a heuristic, never legality.
bool isLadder(const go::Board& board, go::Point stone, int budget = 40);

// isLadder's reading for each of the two ataris apart: the liberties of the two-liberty chain
// through `stone` where the attacker's atari captures it in a ladder, each read with its own
// `budget`. Writes 0 to 2 points to `out` and returns how many (0 for any other chain).
int ladderAtaris(const go::Board& board, go::Point stone, go::Point* out, int budget = 40);

// Appends to `out[n..max)` the last liberty of each opponent chain in atari next to the chain
// through `stone` (the captures that give that chain liberties), skipping points already in
// out[0..n); advances `n`.
void addCounterCaptures(const go::Board& board, go::Point stone, go::Point* out, int& n, int max);

// The moves that save c's chain through `stone`, which is in atari: capture an adjacent
// opponent chain in atari, or extend at the last liberty when that gives at least two
// liberties and (when `ladderBudget` > 0) does not run into a ladder. Writes at most `max`
// points to `out` (duplicates possible) and returns how many. Moves are board-legal for
// allowSuicide=false; callers still check their own candidate rules (ko, eye).
int atariEscapes(const go::Board& board, go::Point stone, go::Point* out, int max,
                 int ladderBudget);

// Moves for `c` in the two-liberty fights next to the opponent's stone at `last` (Fuego's
// low-liberty rule, Pachi's two-liberty check), where capturing races are won or lost:
//   - a chain of c next to `last` with two liberties: a liberty whose extension gives it
//     three or more, or capturing an opponent chain in atari next to it;
//   - `last`'s own chain with two liberties: an atari at one liberty that leaves c's stone
//     two liberties, when extending at the other gives the chain at most two and captures
//     nothing (it cannot run away) and no chain of c next to it is in atari.
// Writes at most `max` distinct points to `out`, returns how many. The moves are on empty
// points; callers check their own candidate rules (legality, ko, eyes, self-atari).
int twoLibertyMoves(const go::Board& board, go::Color c, go::Point last, go::Point* out, int max);

}  // namespace tengen::bot
