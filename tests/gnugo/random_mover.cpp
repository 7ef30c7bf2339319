#include "gnugo/random_mover.h"

#include <vector>

namespace tengen::testing {

bool startsKo(const go::Board& board, go::Point p, go::Color c) {
  const go::Color them = go::opponent(c);
  go::Point capturedHeads[4];
  int numHeads = 0;
  int captured = 0;
  for (int d : board.neighbourOffsets()) {
    const go::Point n = static_cast<go::Point>(p + d);
    const go::Color nc = board.at(n);
    // Any empty or friendly neighbour leaves the new stone a second liberty.
    if (nc != them && nc != go::Color::Border) return false;
    if (nc != them || !board.inAtari(n)) continue;
    const go::Point head = board.chainHead(n);
    bool seen = false;
    for (int i = 0; i < numHeads; ++i) seen = seen || capturedHeads[i] == head;
    if (seen) continue;
    capturedHeads[numHeads++] = head;
    captured += board.chainSize(n);
  }
  return captured == 1;
}

go::Move chooseMove(const go::Game& game, go::Random& rng, const MovePolicy& policy) {
  go::Color c = game.toMove();
  if (!game.moves().empty() &&
      rng.below(100) < static_cast<unsigned>(policy.sameColorAgainPercent)) {
    c = go::opponent(c);
  }
  const go::Board& board = game.board();
  const bool barredByKo = board.koPoint() != go::kNoPoint && board.koColor() == c;
  if (barredByKo && rng.below(100) < static_cast<unsigned>(policy.koPassPercent)) {
    return {c, go::kPass};
  }
  if (!game.moves().empty() && game.moves().back().point == go::kPass &&
      rng.below(100) < static_cast<unsigned>(policy.answerPassPercent)) {
    return {c, go::kPass};
  }
  std::vector<go::Point> all;
  std::vector<go::Point> noEyes;
  std::vector<go::Point> koCaptures;
  game.legalPoints(c).forEach([&](go::Point p) {
    all.push_back(p);
    if (!board.isEyeLike(p, c)) noEyes.push_back(p);
    if (startsKo(board, p, c)) koCaptures.push_back(p);
  });
  auto pick = [&](const std::vector<go::Point>& from) {
    return go::Move{c, from[rng.below(static_cast<std::uint32_t>(from.size()))]};
  };
  const auto roll = rng.below(100);
  if (roll < static_cast<unsigned>(policy.passPercent)) return {c, go::kPass};
  if (roll < static_cast<unsigned>(policy.passPercent + policy.eyeFillPercent) && !all.empty()) {
    return pick(all);
  }
  if (!koCaptures.empty() && rng.below(100) < static_cast<unsigned>(policy.koCapturePercent)) {
    return pick(koCaptures);
  }
  if (!noEyes.empty()) return pick(noEyes);
  if (!all.empty() && rng.below(100) < static_cast<unsigned>(policy.stuckFillPercent)) {
    return pick(all);
  }
  return {c, go::kPass};
}

}  // namespace tengen::testing
