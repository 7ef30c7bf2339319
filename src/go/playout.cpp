#include "go/playout.h"

#include "go/regions.h"

namespace tengen::go {

Point randomMove(Board& board, Color c, Random& rng, bool allowSuicide) {
  // Sampling without replacement: a rejected point is swapped behind the range still to
  // try, so every acceptable point is exactly equally likely and none is tested twice.
  for (int remaining = board.emptyCount(); remaining > 0; --remaining) {
    const int i = static_cast<int>(rng.below(static_cast<std::uint32_t>(remaining)));
    const Point p = board.emptyAt(i);
    if (board.isPlayoutCandidate(p, c, allowSuicide)) return p;
    board.swapEmpties(i, remaining - 1);
  }
  return kPass;
}

int areaDifference(const Board& board) {
  int diff = board.stoneCount(Color::Black) - board.stoneCount(Color::White);
  // Fast path: in a finished playout nearly every empty point is a one-point eye.
  bool allSingle = true;
  int eyes = 0;
  for (int i = 0; i < board.emptyCount() && allSingle; ++i) {
    const Point p = board.emptyAt(i);
    bool black = false, white = false;
    for (int d : board.neighbourOffsets()) {
      const Color nc = board.at(static_cast<Point>(p + d));
      if (nc == Color::Empty) allSingle = false;
      black = black || nc == Color::Black;
      white = white || nc == Color::White;
    }
    if (black != white) eyes += black ? 1 : -1;
  }
  if (allSingle) return diff + eyes;
  for (const EmptyRegion& region : emptyRegions(board)) {
    if (region.owner() == Color::Black) diff += region.size;
    if (region.owner() == Color::White) diff -= region.size;
  }
  return diff;
}

}  // namespace tengen::go
