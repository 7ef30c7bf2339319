#pragma once

#include "go/board.h"
#include "go/random.h"

namespace tengen::go {

// A uniformly random legal move for `c` that does not fill one of its own eye-like points,
// or kPass when none is left. Board-level legality only (simple ko, suicide per flag):
// playouts do not carry superko history.
// Reorders the board's list of empty points (never its position) as it samples.
Point randomMove(Board& board, Color c, Random& rng, bool allowSuicide);

// Plays from `toMove` until two consecutive passes or `maxMoves`, on the board in place:
// each move is `firstChoice(board, colour, lastMove)` (lastMove kPass at the start) unless
// that is kNoPoint, else randomMove. Returns the number of moves played (passes included).
template <class FirstChoice>
int playoutWith(Board& board, Color toMove, Random& rng, bool allowSuicide, int maxMoves,
                FirstChoice&& firstChoice) {
  int moves = 0;
  int passes = 0;
  Point last = kPass;
  while (passes < 2 && moves < maxMoves) {
    Point p = firstChoice(static_cast<const Board&>(board), toMove, last);
    if (p == kNoPoint) p = randomMove(board, toMove, rng, allowSuicide);
    if (p == kPass) {
      board.pass();
      ++passes;
    } else {
      board.play(p, toMove);
      passes = 0;
    }
    last = p;
    toMove = opponent(toMove);
    ++moves;
  }
  return moves;
}

// Uniformly random play (randomMove every move), as playoutWith.
inline int playout(Board& board, Color toMove, Random& rng, bool allowSuicide, int maxMoves) {
  return playoutWith(board, toMove, rng, allowSuicide, maxMoves,
                     [](const Board&, Color, Point) { return kNoPoint; });
}

// Tromp-Taylor count of the board as it stands: Black's stones and one-colour empty
// regions minus White's. Komi not included.
int areaDifference(const Board& board);

}  // namespace tengen::go
