#pragma once

#include <functional>
#include <string>
#include <vector>

#include "base/result.h"

namespace tengen::cli {

// A rate measured several times; machines here are noisy, so reports quote the median.
struct Rate {
  std::vector<double> perSecond;
  double median() const;
};

// Calls `step` (which does some work and returns how many operations it did) until
// `seconds` have passed, `runs` times over; one rate per run.
Rate measureRate(int runs, double seconds, const std::function<long()>& step);

Rate randomPlayouts(int size, int runs, double seconds);
// legalPoints() for the side to move on positions from a 19x19 game, positional superko.
Rate legalPointMaps(int runs, double seconds);

// GTP `play` commands per second when an engine replays a 250-move 19x19 game over and
// over from its standard input, its start-up time subtracted. `engine` is an argv.
Result<Rate> gtpReplay(const std::vector<std::string>& engine, int runs, int replaysPerRun);

// The replay script: boardsize 19, then `replays` times clear_board and the 250 moves.
std::string replayScript(int replays, int& playCommands);

}  // namespace tengen::cli
