#include "bot/endgame.h"

#include <algorithm>

#include "bot/ownership_estimate.h"
#include "go/dead_stones.h"
#include "go/scoring.h"

namespace tengen::bot {

bool countsBoardAsItStands(const go::Rules& rules) {
  return rules.preset == go::Preset::TrompTaylor;
}

namespace {

double mine(go::Color c, double blackMargin) {
  return c == go::Color::Black ? blackMargin : -blackMargin;
}

}  // namespace

EndgamePlan planEndgame(const go::Game& game, go::Color toMove, bool cleanup,
                        std::vector<go::Point> candidates) {
  EndgamePlan plan;
  if (candidates.empty()) {
    plan.passNow = true;
    return plan;
  }
  const go::Board& board = game.board();
  const auto& moves = game.moves();
  const bool opponentPassed = !moves.empty() && moves.back().point == go::kPass &&
                              moves.back().color == go::opponent(toMove);
  const bool late = 2 * board.emptyCount() < board.size() * board.size();
  if (!opponentPassed && !late && !cleanup) {
    plan.moves = std::move(candidates);
    return plan;
  }
  const bool asItStands = cleanup || countsBoardAsItStands(game.rules());
  if (!opponentPassed && !asItStands) {
    // Passing would not end the game, and nothing needs taking off before it may.
    plan.moves = std::move(candidates);
    plan.passAllowed = late;
    return plan;
  }
  // Judged as the count would be made: after the opponent's pass, passing ends the game
  // with the opponent to move, and a fight left open is read for that side (the count GTP
  // final_score and the site make then). The proposal is made for the removal phase, which
  // Tromp-Taylor does not have, so it is asked for as if the rules had one; the estimate
  // itself ignores the rules' count.
  go::Game judged = game;
  if (opponentPassed) judged.play(toMove, go::kPass);
  if (countsBoardAsItStands(judged.rules())) {
    go::Rules rules = judged.rules();
    rules.preset = go::Preset::Chinese;
    judged.setRules(rules);
  }
  const go::DeadStoneProposal proposal = bot::proposeDeadStones(judged);
  go::PointSet opponentDead;
  proposal.dead.forEach([&](go::Point p) {
    if (board.at(p) == go::opponent(toMove)) opponentDead.insert(p);
  });
  const double removed = mine(toMove, go::scoreGame(judged, proposal.dead).margin);
  const double stands = mine(toMove, go::scoreGame(judged, go::PointSet{}).margin);
  plan.marginIfPassed = asItStands ? stands : removed;
  const bool deadRemain = !opponentDead.empty();
  if (asItStands && deadRemain && (opponentPassed || cleanup)) {
    // Take the dead stones off before passing, even when the count already wins: under
    // these rules every one left on the board is counted as alive, and capturing costs
    // nothing under area scoring. Play on their liberties (filling them captures).
    go::PointSet liberties;
    opponentDead.forEach([&](go::Point p) { liberties |= board.liberties(p); });
    for (go::Point p : candidates) {
      if (liberties.contains(p)) plan.moves.push_back(p);
    }
    if (!plan.moves.empty()) {
      plan.capturing = true;
      return plan;
    }
  }
  if (opponentPassed && plan.marginIfPassed > 0 && !(cleanup && deadRemain)) {
    plan.passNow = true;
    return plan;
  }
  plan.moves = std::move(candidates);
  // Passing after the opponent's pass ends the game, which the count says is no win; before
  // it, under these rules, only a board that wins as it stands may be left to the opponent.
  plan.passAllowed = !opponentPassed && late && stands > 0 && !deadRemain;
  return plan;
}

}  // namespace tengen::bot
