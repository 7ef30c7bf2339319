#pragma once

#include <vector>

#include "go/board.h"
#include "go/point_set.h"

namespace tengen::learn {

// A small life-and-death problem: may the defender's target stones be captured when both
// sides play only on `area` points or pass? Lessons ask it of shapes of a few points.
struct LifeProblem {
  std::vector<go::Point> targets;  // defender stones; capturing any one of them kills
  go::PointSet area;               // where either side may play
  go::Color defender = go::Color::Black;
  bool allowSuicide = false;
};

enum class Fate { Lives, Dies };

struct LifeVerdict {
  Fate fate = Fate::Lives;
  go::Point best = go::kPass;  // a move for `toMove` that achieves its side's best fate
  // False when the search ran out of its node budget: the verdict is then not proven.
  bool proven = true;
  int nodes = 0;
};

// Exhaustive minimax with a transposition table. The targets die when a target point is no
// longer the defender's; they live when Benson's algorithm finds them pass-alive, or when
// two passes in a row end the search with them on the board (so seki is life, as in a
// game's count). Ko is simple ko (the board's ko point): lesson shapes hold no ko fights.
// The depth is bounded by twice the area plus a few, so a long cycle counts as life.
// Cost: at most `nodeBudget` positions, each a board copy and a Benson pass: about 30 ms at
// the default budget on this project's machines, while the lessons' shapes (areas of up to
// six points) need a few hundred. A search that runs out is not proven, and the judge
// reports the lesson as broken rather than guess.
LifeVerdict solveLife(const go::Board& board, const LifeProblem& problem, go::Color toMove,
                      int nodeBudget = 10000);

}  // namespace tengen::learn
