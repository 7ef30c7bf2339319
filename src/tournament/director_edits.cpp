#include "tournament/director_edits.h"

#include <string>
#include <utility>

namespace tengen::tournament {

namespace {

Result<Pairing*> findBoard(Round& round, int board) {
  for (Pairing& g : round.games)
    if (g.board == board) return &g;
  return fail("board " + std::to_string(board) + " does not exist: the round has " +
              std::to_string(round.games.size()) + " boards");
}

Result<Pairing*> unplayedBoard(Round& round, int board) {
  auto g = findBoard(round, board);
  if (!g) return g;
  if ((*g)->result)
    return fail("board " + std::to_string(board) + " already has a result; set the result instead");
  return g;
}

}  // namespace

Result<Round> swapColours(const Round& round, int board) {
  Round edited = round;
  auto g = unplayedBoard(edited, board);
  if (!g) return std::unexpected(g.error());
  std::swap((*g)->black, (*g)->white);
  return edited;
}

Result<Round> repairBoards(const Round& round, int boardA, int boardB) {
  if (boardA == boardB)
    return fail("re-pairing needs two different boards, got " + std::to_string(boardA) + " twice");
  Round edited = round;
  auto a = unplayedBoard(edited, boardA);
  if (!a) return std::unexpected(a.error());
  auto b = unplayedBoard(edited, boardB);
  if (!b) return std::unexpected(b.error());
  std::swap((*a)->white, (*b)->white);
  return edited;
}

Result<Round> setHandicap(const Round& round, int board, int stones, double komi) {
  if (stones < 0 || stones > 9)
    return fail("handicap " + std::to_string(stones) + " is out of range: 0 to 9 stones");
  if (!(komi >= -100 && komi <= 100)) return fail("komi is out of range: -100 to 100");
  Round edited = round;
  auto g = unplayedBoard(edited, board);
  if (!g) return std::unexpected(g.error());
  (*g)->handicap = stones;
  (*g)->komi = komi;
  return edited;
}

Result<Round> setResult(const Round& round, int board, Outcome outcome, ResultSource source) {
  if (source == ResultSource::Played)
    return fail("a director's result is a decision or a forfeit, not a game played");
  Round edited = round;
  auto g = findBoard(edited, board);
  if (!g) return std::unexpected(g.error());
  (*g)->result = GameResult{outcome, source};
  return edited;
}

}  // namespace tengen::tournament
