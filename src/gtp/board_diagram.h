#pragma once

#include <string>

#include "go/confirmation.h"
#include "go/game.h"

namespace tengen::gtp {

// The showboard text: column letters above and below, row numbers counting down on both
// sides, X for Black, O for White, . for empty, then the prisoners, the side to move and
// the rules. It starts with a newline so the diagram lines up under the `= ` of the reply
// and holds no empty line (which would end the GTP response).
std::string boardDiagram(const go::Game& game);
// The same for a confirmation under way: its board, the disputed stones, its side to move,
// its move count and the ko locks (art. 7-2) in force.
std::string boardDiagram(const go::Confirmation& confirmation);

}  // namespace tengen::gtp
