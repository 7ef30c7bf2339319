#pragma once

// What one loadgen thread counted; threads keep their own and the report merges them, so the
// hot path takes no lock.

#include <chrono>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "histogram.h"

namespace tengen::loadgen {

using Clock = std::chrono::steady_clock;

// The measuring window, the same for every thread: samples outside it are not counted.
struct Window {
  Clock::time_point start;
  Clock::time_point end;

  bool contains(Clock::time_point t) const { return t >= start && t < end; }
  double seconds() const { return std::chrono::duration<double>(end - start).count(); }
};

struct RunStats {
  // Time from sending a move to the opponent's socket receiving its game_event (moves sent in
  // the window).
  LatencyHistogram moveToOpponent;
  // Time from sending a move to the mover receiving `ok` (the server's durable acknowledgement).
  LatencyHistogram moveToAck;
  // The same two, split by who moved: the table's creator (whose node owns the game) or the
  // joiner (who, with --joiner-url, is on another node that forwards each move to the owner).
  LatencyHistogram creatorMoveToOpponent;
  LatencyHistogram creatorMoveToAck;
  LatencyHistogram joinerMoveToOpponent;
  LatencyHistogram joinerMoveToAck;
  std::uint64_t movesSent = 0;           // whole run
  std::uint64_t movesAcked = 0;          // whole run
  std::uint64_t movesAckedInWindow = 0;  // ok received inside the window
  std::uint64_t gamesStarted = 0;
  std::uint64_t gamesFinished = 0;              // resigned at --moves-per-game (or ended otherwise)
  std::uint64_t passes = 0;                     // no legal point was left
  std::uint64_t pairsAborted = 0;               // a pair stopped playing after an error
  std::map<std::string, std::uint64_t> errors;  // code -> count
  std::vector<std::string> errorExamples;       // the first few, verbatim

  void recordError(const std::string& code, const std::string& detail);
  void merge(const RunStats& other);
  std::uint64_t errorCount() const;
};

}  // namespace tengen::loadgen
