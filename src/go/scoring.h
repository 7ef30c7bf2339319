#pragma once

#include <array>
#include <string>

#include "go/board.h"
#include "go/game.h"
#include "go/point_set.h"
#include "go/rules.h"

namespace tengen::go {

// One side's points, each part as the rules count it. Parts a ruleset ignores stay 0.
struct SideScore {
  int stones = 0;         // area scoring: own stones left on the board
  int territory = 0;      // empty points surrounded by this side alone (seki eyes excluded by tax)
  int prisoners = 0;      // territory scoring: stones captured during play
  int deadStones = 0;     // territory scoring: opponent stones marked dead, taken as prisoners
  int passStones = 0;     // territory scoring with pass stones: the opponent's passes
  int groupTax = 0;       // tax=all: 2 for each living group, subtracted
  int sekiPoints = 0;     // eye points of this side's groups in seki, scored 0 (tax seki/all)
  double komi = 0;        // White only
  int handicapBonus = 0;  // White only
  double button = 0;      // 0.5 to the first player to pass
  double total = 0;
};

struct ScoreBreakdown {
  SideScore black;
  SideScore white;
  double margin = 0;   // black.total - white.total
  std::string result;  // SGF RE: "B+3.5", "W+12", "0"
  // For showing the count on a board, indexed by colorIndex.
  std::array<PointSet, 2> territory;
  PointSet dead;        // stones removed as dead
  PointSet sekiPoints;  // empty points that score nothing because of seki (tax seki/all)
  PointSet dame;        // empty points that score for nobody
};

// What scoring needs beyond the stones: counts the board does not carry.
struct ScoreContext {
  int handicapStones = 0;
  std::array<int, 2> passes{};  // passes made by Black, White
  Color buttonHolder = Color::Empty;
};

// Scores `board` under `rules` with exactly the chains in `dead` removed (any stone of a
// chain marks the whole chain). Tromp-Taylor strictness is the caller's: pass no dead
// stones to score the board as it stands.
ScoreBreakdown scoreBoard(const Board& board, const Rules& rules, const ScoreContext& context,
                          const PointSet& dead);
ScoreBreakdown scoreGame(const Game& game, const PointSet& dead);

// The SGF RE of a game as it stands: "Void" after a repetition, "B+R"/"W+T" after
// resignation or time-out, otherwise the score with `dead` removed.
std::string gameResult(const Game& game, const PointSet& dead);

// Ing's fill-in count (the SST laws): each side starts with half the board's points in stones
// (180 on 19x19), fills its area with them, and counts what is left in its bowl. The same
// margin as the area count, shown the way Ing players count it.
struct FillInCount {
  int stonesEach = 0;
  std::array<int, 2> onBoard{};  // the side's area once filled, indexed by colorIndex
  std::array<int, 2> inBowl{};   // stonesEach - onBoard; negative when a side is short
};
FillInCount fillInCount(const ScoreBreakdown& score, int boardSize);

// "B+3.5", "W+12", "0" for a margin counted as Black minus White.
std::string formatResult(double margin);

}  // namespace tengen::go
