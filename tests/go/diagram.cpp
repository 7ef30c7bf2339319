#include "diagram.h"

#include <cctype>
#include <functional>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace tengen::go::test {

namespace {

constexpr std::string_view kColumnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

std::vector<std::string> tokens(std::string_view line) {
  std::vector<std::string> out;
  std::istringstream in{std::string(line)};
  for (std::string word; in >> word;) out.push_back(word);
  return out;
}

// The cells of a diagram, row by row from the top, as the characters written there.
struct Cells {
  int size = 0;
  std::vector<std::string> rows;  // rows[0] is the top row (row number `size`)

  char at(int col, int row) const { return rows[size - 1 - row][col]; }  // row 0 = bottom
};

Cells readCells(std::string_view diagram) {
  std::vector<std::vector<std::string>> lines;
  size_t start = 0;
  while (start <= diagram.size()) {
    size_t end = diagram.find('\n', start);
    if (end == std::string_view::npos) end = diagram.size();
    auto words = tokens(diagram.substr(start, end - start));
    if (!words.empty()) lines.push_back(std::move(words));
    start = end + 1;
  }
  if (lines.empty()) throw std::invalid_argument("empty diagram");
  const auto& header = lines[0];
  Cells cells;
  cells.size = static_cast<int>(header.size());
  if (cells.size < kMinSize || cells.size > kMaxSize) {
    throw std::invalid_argument("diagram header has " + std::to_string(cells.size) + " columns");
  }
  for (int c = 0; c < cells.size; ++c) {
    if (header[c] != std::string(1, kColumnLetters[c])) {
      throw std::invalid_argument("diagram column " + std::to_string(c + 1) + " is '" + header[c] +
                                  "', expected '" + kColumnLetters[c] + "'");
    }
  }
  if (static_cast<int>(lines.size()) != cells.size + 1) {
    throw std::invalid_argument("diagram has " + std::to_string(lines.size() - 1) + " rows for " +
                                std::to_string(cells.size) + " columns");
  }
  for (int i = 1; i <= cells.size; ++i) {
    const auto& words = lines[i];
    const int number = cells.size + 1 - i;
    if (words[0] != std::to_string(number)) {
      throw std::invalid_argument("diagram row label '" + words[0] + "', expected " +
                                  std::to_string(number));
    }
    if (static_cast<int>(words.size()) != cells.size + 1) {
      throw std::invalid_argument("diagram row " + std::to_string(number) + " has " +
                                  std::to_string(words.size() - 1) + " points");
    }
    std::string row;
    for (int c = 1; c <= cells.size; ++c) {
      if (words[c].size() != 1 ||
          std::string_view(".XOxo").find(words[c][0]) == std::string_view::npos) {
        throw std::invalid_argument("diagram point " + std::string(1, kColumnLetters[c - 1]) +
                                    std::to_string(number) + " is '" + words[c] +
                                    "', expected . X O x o");
      }
      row += words[c][0];
    }
    cells.rows.push_back(row);
  }
  return cells;
}

Color stoneColor(char ch) {
  switch (ch) {
    case 'X':
    case 'x':
      return Color::Black;
    case 'O':
    case 'o':
      return Color::White;
    default:
      return Color::Empty;
  }
}

// Lays out one character per point in the diagram format.
std::string layout(int size, const std::function<char(Point)>& cell) {
  const Geometry g(size);
  std::string out = "\n   ";
  for (int c = 0; c < size; ++c) {
    if (c > 0) out += ' ';
    out += kColumnLetters[c];
  }
  out += '\n';
  for (int row = size - 1; row >= 0; --row) {
    const std::string label = std::to_string(row + 1);
    out += std::string(2 - label.size(), ' ') + label;
    for (int col = 0; col < size; ++col) {
      out += ' ';
      out += cell(g.point(col, row));
    }
    out += '\n';
  }
  return out;
}

char stoneLetter(Color c) { return c == Color::Black ? 'X' : c == Color::White ? 'O' : '.'; }

char deadLetter(Color c) { return c == Color::Black ? 'x' : 'o'; }

}  // namespace

Board parseBoard(std::string_view diagram) {
  const Cells cells = readCells(diagram);
  Board board(cells.size);
  const Geometry& g = board.geometry();
  for (int row = 0; row < cells.size; ++row) {
    for (int col = 0; col < cells.size; ++col) {
      const Color c = stoneColor(cells.at(col, row));
      if (c != Color::Empty) board.setStone(g.point(col, row), c);
    }
  }
  for (int row = 0; row < cells.size; ++row) {
    for (int col = 0; col < cells.size; ++col) {
      const Point p = g.point(col, row);
      if (isStone(board.at(p)) && board.libertyCount(p) == 0) {
        throw std::invalid_argument("diagram chain at " + g.toGtp(p) + " has no liberty");
      }
    }
  }
  return board;
}

PointSet parseDead(std::string_view diagram) {
  const Cells cells = readCells(diagram);
  const Geometry g(cells.size);
  PointSet dead;
  for (int row = 0; row < cells.size; ++row) {
    for (int col = 0; col < cells.size; ++col) {
      const char ch = cells.at(col, row);
      if (ch == 'x' || ch == 'o') dead.insert(g.point(col, row));
    }
  }
  return dead;
}

Rules rulesFor(std::string_view spec) {
  auto rules = Rules::parse(spec);
  if (!rules)
    throw std::invalid_argument("rules '" + std::string(spec) + "': " + rules.error().toString());
  return *rules;
}

Game parseGame(std::string_view diagram, const Rules& rules, Color toMove) {
  const Board board = parseBoard(diagram);
  Game game(board.size(), rules);
  const Geometry& g = board.geometry();
  for (Point p = g.first(); p <= g.last(); ++p) {
    if (g.onBoard(p) && isStone(board.at(p))) game.setupStone(p, board.at(p));
  }
  game.setToMove(toMove);
  return game;
}

Game parseGame(std::string_view diagram, std::string_view rulesSpec, Color toMove) {
  return parseGame(diagram, rulesFor(rulesSpec), toMove);
}

Point vertex(const Geometry& geometry, std::string_view text) {
  const auto p = geometry.fromGtp(text);
  if (!p) throw std::invalid_argument("'" + std::string(text) + "' is not a vertex on this board");
  return *p;
}

namespace {

Move parseMove(const Geometry& g, const std::string& color, const std::string& where) {
  Color c;
  if (color == "B" || color == "b") {
    c = Color::Black;
  } else if (color == "W" || color == "w") {
    c = Color::White;
  } else {
    throw std::invalid_argument("move colour '" + color + "', expected B or W");
  }
  return {c, vertex(g, where)};
}

}  // namespace

std::string playMoves(Game& game, std::string_view moves, PlayMode mode) {
  const auto words = tokens(moves);
  if (words.size() % 2 != 0) throw std::invalid_argument("moves must come as COLOUR VERTEX pairs");
  for (size_t i = 0; i < words.size(); i += 2) {
    const Move m = parseMove(game.geometry(), words[i], words[i + 1]);
    const MoveVerdict v = game.play(m, mode);
    if (v != MoveVerdict::Legal) return words[i] + " " + words[i + 1] + ": " + verdictName(v);
  }
  return "";
}

MoveVerdict verdict(const Game& game, std::string_view move) {
  const auto words = tokens(move);
  if (words.size() != 2)
    throw std::invalid_argument("expected one move, got '" + std::string(move) + "'");
  const Move m = parseMove(game.geometry(), words[0], words[1]);
  return game.check(m.color, m.point);
}

std::string render(const Board& board) {
  return layout(board.size(), [&](Point p) { return stoneLetter(board.at(p)); });
}

std::string renderLegal(const Game& game) {
  const Board& board = game.board();
  const PointSet legal = game.legalPoints(game.toMove());
  return layout(board.size(), [&](Point p) {
    if (board.at(p) != Color::Empty) return stoneLetter(board.at(p));
    return legal.contains(p) ? '.' : '*';
  });
}

std::string renderScore(const Board& board, const ScoreBreakdown& score) {
  return layout(board.size(), [&](Point p) {
    const Color c = board.at(p);
    if (isStone(c)) return score.dead.contains(p) ? deadLetter(c) : stoneLetter(c);
    if (score.territory[0].contains(p)) return 'b';
    if (score.territory[1].contains(p)) return 'w';
    return '=';
  });
}

std::string renderPassAlive(const Board& board, const PassAlive& alive) {
  return layout(board.size(), [&](Point p) {
    const Color c = board.at(p);
    if (isStone(c)) return alive.stones[colorIndex(c)].contains(p) ? stoneLetter(c) : deadLetter(c);
    if (alive.territory[0].contains(p)) return 'b';
    if (alive.territory[1].contains(p)) return 'w';
    return '.';
  });
}

}  // namespace tengen::go::test
