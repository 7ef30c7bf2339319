#pragma once

#include <vector>

#include "go/game.h"

// The opponent's answer in a capture or save lesson when the lesson's reply table has none:
// a plain reading of liberties, enough for the shapes of a first lesson (a ladder is read
// one atari at a time, as a beginner plays it out).
namespace tengen::learn {

// The defender of `targets` (colour to move in `game`) runs: the legal move that leaves the
// target chains the most liberties (fewest first, then in total), by extending from a
// liberty or by capturing a neighbouring chain in atari. kPass when there is none.
go::Point escapeMove(const go::Game& game, const std::vector<go::Point>& targets);

// The attacker of `targets` (colour to move in `game`) takes them if one is in atari, else
// plays the liberty that leaves them the fewest, preferring the move whose own stone keeps
// most liberties. kPass when there is none.
go::Point attackMove(const go::Game& game, const std::vector<go::Point>& targets);

// The fewest liberties among the chains at `targets` still on the board, or 0 when any is
// gone; and the liberties of them all (each point once).
int fewestLiberties(const go::Board& board, const std::vector<go::Point>& targets, go::Color owner);
int allLiberties(const go::Board& board, const std::vector<go::Point>& targets);

}  // namespace tengen::learn
