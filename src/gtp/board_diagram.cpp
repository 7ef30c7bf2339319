#include "gtp/board_diagram.h"

#include <string>

#include "gtp/arguments.h"

namespace tengen::gtp {

namespace {

constexpr std::string_view kColumnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

std::string letterRow(int size) {
  std::string out = "   ";
  for (int col = 0; col < size; ++col) {
    out += ' ';
    out += kColumnLetters[col];
  }
  return out;
}

char stoneChar(go::Color c) {
  switch (c) {
    case go::Color::Black:
      return 'X';
    case go::Color::White:
      return 'O';
    default:
      return '.';
  }
}

// The grid between two letter rows, then the prisoners line.
std::string gridAndCaptures(const go::Board& board) {
  const go::Geometry& g = board.geometry();
  const int size = board.size();
  std::string out = "\n" + letterRow(size) + "\n";
  for (int row = size - 1; row >= 0; --row) {
    const std::string number = std::to_string(row + 1);
    out += std::string(3 - number.size(), ' ') + number;
    for (int col = 0; col < size; ++col) {
      out += ' ';
      out += stoneChar(board.at(g.point(col, row)));
    }
    out += ' ';
    out += std::to_string(row + 1);
    out += '\n';
  }
  out += letterRow(size) + "\n";
  out += "captures: black " + std::to_string(board.captures(go::Color::Black)) + " white " +
         std::to_string(board.captures(go::Color::White)) + "\n";
  return out;
}

std::string rulesLine(const go::Rules& rules) {
  return "rules: " + rules.toString() + ", komi " + go::formatKomi(rules.komi);
}

}  // namespace

std::string boardDiagram(const go::Game& game) {
  std::string out = gridAndCaptures(game.board());
  out += "to move: " + std::string(go::colorName(game.toMove())) +
         ", moves: " + std::to_string(game.moves().size());
  if (game.handicap() > 0) out += ", handicap: " + std::to_string(game.handicap());
  out += "\n" + rulesLine(game.rules());
  return out;
}

std::string boardDiagram(const go::Confirmation& confirmation) {
  const go::Board& board = confirmation.board();
  const go::Geometry& g = board.geometry();
  std::string out = gridAndCaptures(board);
  out += "confirming " + std::string(go::colorName(confirmation.owner())) + " " +
         vertexList(g, confirmation.disputed()) + "\n";
  out += "to move: " + std::string(go::colorName(confirmation.toMove())) +
         ", confirmation moves: " + std::to_string(confirmation.moves().size()) + "\n";
  for (const go::Color c : {go::Color::Black, go::Color::White}) {
    const go::PointSet locked = confirmation.lockedPoints(c);
    if (!locked.empty()) {
      out += "ko locked for " + std::string(go::colorName(c)) + ": " + vertexList(g, locked) + "\n";
    }
  }
  out += rulesLine(confirmation.rules());
  return out;
}

}  // namespace tengen::gtp
