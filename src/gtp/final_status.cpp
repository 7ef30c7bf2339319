#include "gtp/final_status.h"

#include "go/benson.h"
#include "go/seki.h"

namespace tengen::gtp {

go::PointSet presumedDead(const go::Game& game) {
  go::PointSet dead;
  if (game.rules().preset == go::Preset::TrompTaylor) return dead;
  const go::Board& board = game.board();
  const go::PassAlive alive = go::passAlive(board);
  for (go::Color c : {go::Color::Black, go::Color::White}) {
    // The territory set holds empty points and the opponent's stones inside it.
    alive.territory[go::colorIndex(c)].forEach([&](go::Point p) {
      if (board.at(p) == go::opponent(c)) dead.insert(p);
    });
  }
  return dead;
}

FinalStatus finalStatus(const go::Game& game) {
  FinalStatus out;
  out.dead = presumedDead(game);
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
