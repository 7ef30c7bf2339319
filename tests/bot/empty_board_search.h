#pragma once

// The search position of an empty board, Black to move, komi 7: every point a root move, the
// widest tree an opening makes. Tests of the tree's size and shape start from it.
#include "bot/search.h"
#include "go/game.h"

namespace tengen::bot::test {

// `withPass`: pass is a root move too, as it is for the bot late in a game.
inline SearchPosition emptyBoardSearch(int size, bool withPass) {
  const go::Game game(size, go::Rules{});
  SearchPosition pos;
  pos.board = game.board();
  pos.whiteBonus = 7;
  for (int i = 0; i < pos.board.emptyCount(); ++i) pos.rootMoves.push_back(pos.board.emptyAt(i));
  if (withPass) pos.rootMoves.push_back(go::kPass);
  pos.forbiddenHashes = {pos.board.hash()};
  return pos;
}

}  // namespace tengen::bot::test
