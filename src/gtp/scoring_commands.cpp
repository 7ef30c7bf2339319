// final_score, final_status_list (GTP v2 6.3.6). Both start from the same dead stones (the
// estimate with the verdicts of ended confirmations applied, EngineState::settled), so the
// stones listed dead are exactly those final_score removed.
#include <algorithm>
#include <string>
#include <vector>

#include "go/scoring.h"
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"
#include "gtp/final_status.h"

namespace tengen::gtp {

namespace {

// One chain per line, its stones separated by spaces (GTP v2 6.3.6: "vertex*&").
std::string chainLines(const go::Board& board, const go::PointSet& stones) {
  const go::Geometry& g = board.geometry();
  go::PointSet done;
  std::string out;
  stones.forEach([&](go::Point p) {
    if (done.contains(p)) return;
    const go::PointSet stonesOfChain = board.chainStones(p);
    done |= stonesOfChain;
    std::vector<go::Point> chain;  // in point order, as forEach visits them
    stonesOfChain.forEach([&](go::Point s) { chain.push_back(s); });
    out += vertexList(g, chain) + "\n";
  });
  return out;
}

Result<std::string> finalStatusList(EngineState& state, Args args) {
  const FinalStatus status = finalStatus(state.game, state.settled(presumedDead(state.game)));
  const go::Board& board = state.game.board();
  if (args[0] == "alive") return chainLines(board, status.alive);
  if (args[0] == "dead") return chainLines(board, status.dead);
  if (args[0] == "seki") return chainLines(board, status.seki);
  return fail("syntax error");
}

}  // namespace

void addScoringCommands(CommandTable& table) {
  table.add("final_score", 0, 0, [](EngineState& state, Args) -> Result<std::string> {
    return go::scoreGame(state.game, state.settled(presumedDead(state.game))).result;
  });
  table.add("final_status_list", 1, 1, finalStatusList);
}

}  // namespace tengen::gtp
