#pragma once

#include <string>

#include "go/scoring.h"

namespace tengen::gtp {

// The tengen-score reply, on one line: the RE string, then each side's breakdown as
// key=value fields.
//   RESULT black: stones=S territory=T prisoners=P dead=D pass_stones=A tax=X button=U total=N
//          white: stones=S territory=T prisoners=P dead=D pass_stones=A tax=X button=U
//                 komi=K bonus=H total=N
// stones: own stones on the board (area scoring); territory: empty points surrounded alone
// (seki eyes excluded where tax applies); prisoners: stones captured in play and dead:
// opponent stones marked dead (territory scoring); pass_stones: the opponent's passes (AGA);
// tax: group tax subtracted (tax=all); button: 0.5 for the first to pass; komi and bonus
// (handicap compensation) are White's; total adds it all up. `result` is normally the score
// (`B+3.5`, `W+12`, `0`) but may be `Void` after a repetition.
std::string scoreText(const std::string& result, const go::ScoreBreakdown& score);

// Whole numbers without a point, halves with one; never "-0".
std::string formatPoints(double value);

}  // namespace tengen::gtp
