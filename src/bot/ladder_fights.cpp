#include "bot/ladder_fights.h"

#include "bot/tactics.h"
#include "go/point_set.h"

namespace tengen::bot {

using go::Board;
using go::Color;
using go::Point;

namespace {

// After `mover` plays `p` (legal), the chain through `stone` has three liberties or more, or
// two and no ladder against it: the chain is safe from ladders for now.
bool safeAfter(const Board& board, Point p, Color mover, Point stone, int budget) {
  Board after = board;
  after.play(p, mover);
  if (after.at(stone) == Color::Empty) return false;  // captured: p was a self-atari
  Point libs[2];
  const int n = after.fewLiberties(stone, libs);
  if (n >= 3) return true;
  return n == 2 && !isLadder(after, stone, budget);
}

// The owner's moves that could save the two-liberty chain through `stone`: extending at a
// liberty, or capturing an attacker chain in atari next to it. Up to 6 points, distinct.
int savingCandidates(const Board& board, Point stone, Point* out) {
  Point libs[2];
  board.fewLiberties(stone, libs);
  out[0] = libs[0];
  out[1] = libs[1];
  int n = 2;
  addCounterCaptures(board, stone, out, n, 6);
  return n;
}

// Adds to `out` the owner's moves that leave the chain through `stone` safe (safeAfter);
// returns whether there is one. With `out` null, stops at the first.
bool addSavingMoves(const Board& board, Point stone, int budget,
                    std::vector<LadderFightMove>* out) {
  const Color owner = board.at(stone);
  Point candidates[6];
  const int n = savingCandidates(board, stone, candidates);
  bool any = false;
  for (int i = 0; i < n; ++i) {
    const Point p = candidates[i];
    if (!board.isLegal(p, owner, false) || !safeAfter(board, p, owner, stone, budget)) continue;
    if (out == nullptr) return true;  // asked only whether one exists
    any = true;
    out->push_back({p, board.chainSize(stone)});
  }
  return any;
}

}  // namespace

std::vector<LadderFightMove> ladderFightMoves(const Board& board, Color c, int budget) {
  std::vector<LadderFightMove> moves;
  const go::Geometry& g = board.geometry();
  const int points = g.size() * g.size();
  go::PointSet seen;  // chain heads already read
  for (int i = 0; i < points; ++i) {
    const Point p = g.point(i % g.size(), i / g.size());
    if (board.at(p) == Color::Empty) continue;
    const Point head = board.chainHead(p);
    if (seen.contains(head)) continue;
    seen.insert(head);
    Point libs[2];
    if (board.fewLiberties(p, libs) != 2) continue;
    if (board.at(p) == c) {
      // Threatened by a ladder: save it, if any move does.
      if (ladderAtaris(board, p, libs, budget) > 0) addSavingMoves(board, p, budget, &moves);
      continue;
    }
    // The opponent's chain: worth the atari only while its owner could still save it.
    Point ataris[2];
    const int n = ladderAtaris(board, p, ataris, budget);
    if (n == 0 || !addSavingMoves(board, p, budget, nullptr)) continue;
    for (int k = 0; k < n; ++k) moves.push_back({ataris[k], board.chainSize(p)});
  }
  return moves;
}

}  // namespace tengen::bot
