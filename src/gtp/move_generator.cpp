#include "gtp/move_generator.h"

#include <vector>

namespace tengen::gtp {

go::Point randomMove(const go::Game& game, go::Color c, go::Random& rng) {
  const go::Board& board = game.board();
  std::vector<go::Point> candidates;
  // legalPoints visits points in increasing order, so the list is deterministic.
  game.legalPoints(c).forEach([&](go::Point p) {
    if (!board.isEyeLike(p, c)) candidates.push_back(p);
  });
  if (candidates.empty()) return go::kPass;
  return candidates[rng.below(static_cast<std::uint32_t>(candidates.size()))];
}

}  // namespace tengen::gtp
