#pragma once

// What a director may change in a round by hand (tournaments-reference "What a tournament
// director does"), as pure operations: each returns the edited round or says precisely why it
// cannot. Boards are the 1-based numbers players see. A board whose game has a result keeps
// its players and colours (only setResult changes it).

#include "base/result.h"
#include "tournament/round.h"

namespace tengen::tournament {

Result<Round> swapColours(const Round& round, int board);

// Exchanges the White players of two boards: A(b1, w1), B(b2, w2) become A(b1, w2), B(b2, w1).
Result<Round> repairBoards(const Round& round, int boardA, int boardB);

// stones 0..9 (1: "no komi"); komi as given, between -100 and 100.
Result<Round> setHandicap(const Round& round, int board, int stones, double komi);

// A result set by the director: source is Decision or Forfeit (a result on the board comes from
// the game itself).
Result<Round> setResult(const Round& round, int board, Outcome outcome, ResultSource source);

}  // namespace tengen::tournament
