#pragma once

#include <string>
#include <string_view>

#include "go/benson.h"
#include "go/board.h"
#include "go/game.h"
#include "go/point_set.h"
#include "go/rules.h"
#include "go/scoring.h"

// Board diagrams for tests, written as a player reads them:
//
//      A B C D E
//    5 . . . . .
//    4 . X O . .
//    3 . . . . .
//    2 . . . . .
//    1 . . . . .
//
// Column letters on top (A.. skipping I), rows counting down to 1 at the bottom on the left,
// X black, O white, . empty; in input, x and o are stones marked dead. Blank lines and
// indentation are ignored, so a raw string literal starting on its own line reads like the
// board. Every render* function returns the same layout (a leading newline, one line per
// row, each ending in a newline) so an expected raw string compares equal as a whole.
// Malformed diagrams and moves throw std::invalid_argument: a test that fails to build its
// position fails loudly rather than testing the wrong board.
namespace tengen::go::test {

// The stones of a diagram as setup stones (no captures happen). Throws if a chain has no
// liberty, since no game can reach that.
Board parseBoard(std::string_view diagram);
// The stones written x or o.
PointSet parseDead(std::string_view diagram);

// "japanese", "chinese komi=7", ...: Rules::parse, throwing on errors.
Rules rulesFor(std::string_view spec);

// A game whose first position is the diagram, with `toMove` to play first.
Game parseGame(std::string_view diagram, const Rules& rules, Color toMove = Color::Black);
Game parseGame(std::string_view diagram, std::string_view rulesSpec = "tromp-taylor",
               Color toMove = Color::Black);

// A GTP vertex ("D4") on this board; throws if it is not one.
Point vertex(const Geometry& geometry, std::string_view text);

// Plays GTP moves "B D4 W C3 B pass" in order and stops at the first one refused, returning
// it and the verdict ("W C3: superko"); returns "" when every move was played.
std::string playMoves(Game& game, std::string_view moves, PlayMode mode = PlayMode::Free);
// The verdict for one move ("B D4") without playing it.
MoveVerdict verdict(const Game& game, std::string_view move);

// The stones as X / O / .
std::string render(const Board& board);
// The stones, with `*` on every empty point where the side to move may not play.
std::string renderLegal(const Game& game);
// A counted board: X / O alive, x / o removed as dead, b / w territory, = empty points that
// score for nobody (dame and seki).
std::string renderScore(const Board& board, const ScoreBreakdown& score);
// Benson: X / O pass-alive stones, x / o other stones, b / w empty points of pass-alive
// territory, . other empty points.
std::string renderPassAlive(const Board& board, const PassAlive& alive);

}  // namespace tengen::go::test
