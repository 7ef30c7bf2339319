#include "test_util.h"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <sstream>
#include <vector>

#include <gtest/gtest.h>

#include "support/files.h"

namespace tengen::sgf::test {

namespace {
constexpr std::string_view kLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

std::vector<std::string> splitWords(std::string_view text) {
  std::vector<std::string> words;
  std::istringstream in{std::string(text)};
  for (std::string w; in >> w;) words.push_back(w);
  return words;
}
}  // namespace

std::string readData(std::string_view name) {
  const std::filesystem::path path =
      std::filesystem::path(TENGEN_SOURCE_DIR) / "tests/data/sgf" / name;
  EXPECT_TRUE(std::filesystem::is_regular_file(path)) << "cannot read " << path.string();
  return tengen::test::readFile(path);
}

std::string diagram(const go::Board& board) {
  const int n = board.size();
  const go::Geometry& g = board.geometry();
  std::string out = "  ";
  for (int c = 0; c < n; ++c) {
    out += ' ';
    out += kLetters[c];
  }
  out += '\n';
  for (int r = n - 1; r >= 0; --r) {
    const std::string label = std::to_string(r + 1);
    out += std::string(2 - std::min<std::size_t>(2, label.size()), ' ') + label;
    for (int c = 0; c < n; ++c) {
      const go::Color color = board.at(g.point(c, r));
      out += ' ';
      out += color == go::Color::Black ? 'X' : color == go::Color::White ? 'O' : '.';
    }
    out += '\n';
  }
  return out;
}

bool setupFromDiagram(go::Game& game, std::string_view text) {
  const int n = game.size();
  int row = n - 1;
  std::istringstream in{std::string(text)};
  for (std::string line; std::getline(in, line);) {
    const auto words = splitWords(line);
    if (words.empty() || !std::isdigit(static_cast<unsigned char>(words[0][0]))) continue;
    if (row < 0 || std::stoi(words[0]) != row + 1 || static_cast<int>(words.size()) != n + 1) {
      return false;
    }
    for (int c = 0; c < n; ++c) {
      const char mark = words[c + 1][0];
      if (mark == '.') continue;
      if (mark != 'X' && mark != 'O') return false;
      const go::Color color = mark == 'X' ? go::Color::Black : go::Color::White;
      if (!game.setupStone(game.geometry().point(c, row), color)) return false;
    }
    --row;
  }
  return row == -1;
}

bool playMoves(go::Game& game, std::string_view moves) {
  const auto words = splitWords(moves);
  if (words.size() % 2 != 0) return false;
  for (std::size_t i = 0; i < words.size(); i += 2) {
    const std::string& color = words[i];
    if (color != "B" && color != "W") return false;
    const auto p = game.geometry().fromGtp(words[i + 1]);
    if (!p) return false;
    const go::Color c = color == "B" ? go::Color::Black : go::Color::White;
    if (game.play(c, *p) != go::MoveVerdict::Legal) return false;
  }
  return true;
}

}  // namespace tengen::sgf::test
