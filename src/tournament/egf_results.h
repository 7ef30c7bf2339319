#pragma once

// The EGF results file (tournaments-reference "Results file"): one line per player in final
// order, `place name rank country club` and one entry per round,
// `<opponent's line><+|-|=><separator><b|w>[handicap]`, where the separator is '/' for a game
// played and '!' for one decided without play; a round without a game is `0+`, `0=` or `0-`
// by the points it gave. Lines starting with ';' are comments.
//
// Tied players: the first of a tie shows the place, the others a blank place, as OpenGotha's
// files that the EGF's rating list reads do; entries always name an opponent by line number.

#include <string>

#include "tournament/tournament.h"

namespace tengen::tournament {

// The file for the tournament as it stands (a game without a result yet is written as
// unplayed). `eventName` goes into the `; EV[...]` header (']' and line breaks dropped).
std::string egfResults(const Tournament& t, const std::string& eventName);

}  // namespace tengen::tournament
