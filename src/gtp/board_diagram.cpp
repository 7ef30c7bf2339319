#include "gtp/board_diagram.h"

#include <string>

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

}  // namespace

std::string boardDiagram(const go::Game& game) {
  const go::Board& board = game.board();
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
  out += "to move: " + std::string(go::colorName(game.toMove())) +
         ", moves: " + std::to_string(game.moves().size());
  if (game.handicap() > 0) out += ", handicap: " + std::to_string(game.handicap());
  out += "\nrules: " + game.rules().toString() + ", komi " + go::formatKomi(game.rules().komi);
  return out;
}

}  // namespace tengen::gtp
