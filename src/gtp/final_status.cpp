#include "gtp/final_status.h"

#include "bot/ownership_estimate.h"
#include "go/dead_stones.h"
#include "go/seki.h"

namespace tengen::gtp {

// The bot's heavy-playout estimate: it agrees with GNU Go on more corpus positions than the
// light default (docs/strength.md).
go::PointSet presumedDead(const go::Game& game) { return bot::finalDeadStones(game); }

FinalStatus finalStatus(const go::Game& game) { return finalStatus(game, presumedDead(game)); }

FinalStatus finalStatus(const go::Game& game, const go::PointSet& dead) {
  FinalStatus out;
  out.dead = dead;
  const go::Board& board = game.board();
  const go::Geometry& g = board.geometry();
  go::Board cleared(board.size());
  for (go::Point p = g.first(); p <= g.last(); ++p) {
    if (g.onBoard(p) && go::isStone(board.at(p)) && !out.dead.contains(p)) {
      cleared.setStone(p, board.at(p));
    }
  }
  if (game.rules().tax != go::TaxRule::None) {
    // The seki analysis fills dame on its own copy; only stones really on the board count.
    go::analyseSeki(cleared).sekiStones.forEach([&](go::Point p) {
      if (go::isStone(cleared.at(p))) out.seki.insert(p);
    });
  }
  for (go::Point p = g.first(); p <= g.last(); ++p) {
    if (g.onBoard(p) && go::isStone(cleared.at(p)) && !out.seki.contains(p)) out.alive.insert(p);
  }
  return out;
}

}  // namespace tengen::gtp
