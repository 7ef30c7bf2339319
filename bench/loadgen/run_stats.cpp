#include "run_stats.h"

namespace tengen::loadgen {

namespace {
constexpr std::size_t kMaxExamples = 8;
}

void RunStats::recordError(const std::string& code, const std::string& detail) {
  ++errors[code];
  if (errorExamples.size() < kMaxExamples) errorExamples.push_back(code + ": " + detail);
}

void RunStats::merge(const RunStats& other) {
  moveToOpponent.merge(other.moveToOpponent);
  moveToAck.merge(other.moveToAck);
  creatorMoveToOpponent.merge(other.creatorMoveToOpponent);
  creatorMoveToAck.merge(other.creatorMoveToAck);
  joinerMoveToOpponent.merge(other.joinerMoveToOpponent);
  joinerMoveToAck.merge(other.joinerMoveToAck);
  movesSent += other.movesSent;
  movesAcked += other.movesAcked;
  movesAckedInWindow += other.movesAckedInWindow;
  gamesStarted += other.gamesStarted;
  gamesFinished += other.gamesFinished;
  passes += other.passes;
  pairsAborted += other.pairsAborted;
  for (const auto& [code, count] : other.errors) errors[code] += count;
  for (const auto& example : other.errorExamples) {
    if (errorExamples.size() < kMaxExamples) errorExamples.push_back(example);
  }
}

std::uint64_t RunStats::errorCount() const {
  std::uint64_t total = 0;
  for (const auto& [code, count] : errors) total += count;
  return total;
}

}  // namespace tengen::loadgen
