#pragma once

// How long one move may think, from the clock: pure functions, so they are table-tested.

#include "bot/bot.h"

namespace tengen::bot {

struct TimeBudgetInput {
  ClockView clock;
  int boardSize = 19;
  int emptyPoints = 361;  // on the board now
  int moveNumber = 0;     // moves played so far in the game
};

// Seconds kept back on every move for the network and the controller's own accounting.
constexpr double kNetworkMarginSeconds = 0.3;

// The wall-clock seconds to spend on this move, never more than `limits.seconds` when that
// is set; 0 means "no time limit" (clock None and no seconds limit). The idea (as in Fuego
// and Pachi): spread the main time over the moves I still expect to play, estimated from
// the empty points, and in overtime spend most of a byo-yomi period, or the period's time
// divided by its stones (Canadian), or the increment plus a share of the bank (Fischer).
double moveBudgetSeconds(const TimeBudgetInput& input, const SearchLimits& limits);

// The moves the mover still expects to play: half the empty points' worth of moves each,
// minus what captures and passes save, and never fewer than a floor per board size.
double expectedMovesLeft(int boardSize, int emptyPoints);

}  // namespace tengen::bot
