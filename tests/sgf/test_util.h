#pragma once

#include <string>
#include <string_view>

#include "go/board.h"
#include "go/game.h"

namespace tengen::sgf::test {

// The contents of tests/data/sgf/<name>; fails the calling test if it cannot be read.
std::string readData(std::string_view name);

// The board as a player reads it: column letters on top (no I), rows counting down on the
// left, X black, O white, . empty. One line per row, each ending in '\n'.
std::string diagram(const go::Board& board);

// Setup stones from a diagram in the form diagram() writes (the letter line is optional).
// Returns false if the diagram does not fit the game's board.
bool setupFromDiagram(go::Game& game, std::string_view text);

// Plays "B D4 W C3 B pass" (GTP colours and vertices) in order; false at the first move
// that is malformed or illegal.
bool playMoves(go::Game& game, std::string_view moves);

}  // namespace tengen::sgf::test
