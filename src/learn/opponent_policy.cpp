#include "learn/opponent_policy.h"

#include <algorithm>
#include <limits>
#include <tuple>

namespace tengen::learn {

namespace {

// Points a defender might play to help the targets: their liberties, and the liberty of any
// attacking chain next to them that is in atari (taking it frees the targets).
go::PointSet escapePoints(const go::Board& board, const std::vector<go::Point>& targets) {
  go::PointSet points;
  for (go::Point t : targets) {
    if (board.at(t) == go::Color::Empty) continue;
    points |= board.liberties(t);
    const go::Color attacker = go::opponent(board.at(t));
    board.chainStones(t).forEach([&](go::Point s) {
      for (int d : board.neighbourOffsets()) {
        const go::Point n = static_cast<go::Point>(s + d);
        if (board.at(n) == attacker && board.inAtari(n)) points |= board.liberties(n);
      }
    });
  }
  return points;
}

go::PointSet targetLiberties(const go::Board& board, const std::vector<go::Point>& targets) {
  go::PointSet points;
  for (go::Point t : targets) {
    if (board.at(t) != go::Color::Empty) points |= board.liberties(t);
  }
  return points;
}

}  // namespace

int fewestLiberties(const go::Board& board, const std::vector<go::Point>& targets,
                    go::Color owner) {
  int fewest = std::numeric_limits<int>::max();
  for (go::Point t : targets) {
    if (board.at(t) != owner) return 0;
    fewest = std::min(fewest, board.libertyCount(t));
  }
  return targets.empty() ? 0 : fewest;
}

int allLiberties(const go::Board& board, const std::vector<go::Point>& targets) {
  return targetLiberties(board, targets).count();
}

go::Point escapeMove(const go::Game& game, const std::vector<go::Point>& targets) {
  const go::Color me = game.toMove();
  go::Point best = go::kPass;
  std::tuple<int, int> bestScore{-1, -1};
  escapePoints(game.board(), targets).forEach([&](go::Point p) {
    if (game.check(me, p) != go::MoveVerdict::Legal) return;
    go::Board next(game.board());
    next.play(p, me);
    const std::tuple<int, int> score{fewestLiberties(next, targets, me),
                                     allLiberties(next, targets)};
    if (score > bestScore) {
      bestScore = score;
      best = p;
    }
  });
  return best;
}

go::Point attackMove(const go::Game& game, const std::vector<go::Point>& targets) {
  const go::Color me = game.toMove();
  const go::Color owner = go::opponent(me);
  go::Point best = go::kPass;
  // Lower is better: the targets' fewest liberties, then minus the attacking stone's own.
  std::tuple<int, int> bestScore{std::numeric_limits<int>::max(), 0};
  targetLiberties(game.board(), targets).forEach([&](go::Point p) {
    if (game.check(me, p) != go::MoveVerdict::Legal) return;
    go::Board next(game.board());
    next.play(p, me);
    const std::tuple<int, int> score{fewestLiberties(next, targets, owner), -next.libertyCount(p)};
    if (score < bestScore) {
      bestScore = score;
      best = p;
    }
  });
  return best;
}

}  // namespace tengen::learn
