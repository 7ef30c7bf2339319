#pragma once

#include "go/board.h"
#include "go/point_set.h"

namespace tengen::go {

// Seki as Japanese counting finds it (Japanese 1989 rules, art. 8). Every dame
// that either player could fill without putting their own stones in atari is filled, as
// players fill dame before counting, so ordinary dame never make a group look like seki.
// A chain is in seki if it still borders an empty point that touches both colours and that
// neither side can fill even by capturing (a capture is no self-atari), nor after first
// connecting its chain through a point only its own stones surround (a false eye joining it
// to a living group) or a point of its own area that joins it to another of its chains,
// nor kill by a throw-in (killedByThrowIn below); its group (chains
// joined through their one-colour eye regions) is in seki, and those eyes score nothing.
struct SekiAnalysis {
  Board filled;         // the board with every safely fillable dame filled
  PointSet sekiStones;  // stones of groups in seki (on the filled board)
  PointSet sekiPoints;  // empty points of the filled board that score nothing: seki dame and eyes
};

SekiAnalysis analyseSeki(const Board& board);

// Stones that look like seki by the test above (their last liberties cannot be filled
// without self-atari) but die to a throw-in: the opponent fills a shared liberty, must be
// taken, and the hole the capture leaves is a nakade shape (enclosures.h, oneEyeShape: up to three
// points, the square and pyramid four, the bulky and crossed five), where the opponent plays the
// vital point. analyseSeki does not count those liberties as seki. Here the thrower fills its safe
// dame first, as it would before throwing in: a point the taker could fill without atari only while
// the race's outside liberties are open is then none.
PointSet killedByThrowIn(const Board& board);

}  // namespace tengen::go
