#include "gnugo/snapshot.h"

#include <algorithm>
#include <charconv>
#include <sstream>

namespace tengen::testing {

namespace {

constexpr std::string_view kColumnLetters = "ABCDEFGHJKLMNOPQRSTUVWXYZ";

Result<int> parseCount(std::string_view text) {
  int n = 0;
  const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec != std::errc() || end != text.data() + text.size()) {
    return fail("expected a number, got '" + std::string(text) + "'");
  }
  return n;
}

// Points in `a` but not in `b`.
go::PointSet minus(const go::PointSet& a, const go::PointSet& b) {
  go::PointSet out;
  a.forEach([&](go::Point p) {
    if (!b.contains(p)) out.insert(p);
  });
  return out;
}

}  // namespace

Snapshot tengenSnapshot(const go::Game& game) {
  Snapshot s;
  s.size = game.size();
  const go::Board& board = game.board();
  const go::Geometry& g = game.geometry();
  for (int row = 0; row < s.size; ++row) {
    for (int col = 0; col < s.size; ++col) {
      const go::Point p = g.point(col, row);
      if (board.at(p) == go::Color::Black) s.black.insert(p);
      if (board.at(p) == go::Color::White) s.white.insert(p);
    }
  }
  s.legalBlack = game.legalPoints(go::Color::Black);
  s.legalWhite = game.legalPoints(go::Color::White);
  s.capturesBlack = board.captures(go::Color::Black);
  s.capturesWhite = board.captures(go::Color::White);
  return s;
}

std::vector<std::string> snapshotCommands() {
  return {"list_stones black", "list_stones white", "all_legal black",
          "all_legal white",   "captures black",    "captures white"};
}

Result<Snapshot> parseSnapshot(int size, const std::vector<GtpReply>& replies) {
  const auto commands = snapshotCommands();
  if (replies.size() != commands.size()) return fail("wrong number of replies");
  for (std::size_t i = 0; i < replies.size(); ++i) {
    if (!replies[i].ok) return fail("refused: " + replies[i].text, commands[i]);
  }
  const go::Geometry g(size);
  Snapshot s;
  s.size = size;
  go::PointSet* sets[] = {&s.black, &s.white, &s.legalBlack, &s.legalWhite};
  for (int i = 0; i < 4; ++i) {
    auto points = parseVertices(g, replies[i].text);
    if (!points) return fail(points.error().message, commands[i]);
    *sets[i] = *points;
  }
  int* counts[] = {&s.capturesBlack, &s.capturesWhite};
  for (int i = 0; i < 2; ++i) {
    auto n = parseCount(replies[4 + i].text);
    if (!n) return fail(n.error().message, commands[4 + i]);
    *counts[i] = *n;
  }
  return s;
}

Result<go::PointSet> parseVertices(const go::Geometry& geometry, std::string_view text) {
  go::PointSet points;
  std::istringstream in{std::string(text)};
  std::string word;
  while (in >> word) {
    const auto p = geometry.fromGtp(word);
    if (!p || *p == go::kPass) return fail("not a vertex on this board: '" + word + "'");
    points.insert(*p);
  }
  return points;
}

std::string formatVertices(const go::Geometry& geometry, const go::PointSet& points) {
  std::string out;
  points.forEach([&](go::Point p) {
    if (!out.empty()) out += ' ';
    out += geometry.toGtp(p);
  });
  return out;
}

std::string diagram(const Snapshot& s, const go::PointSet* legal) {
  const go::Geometry g(s.size);
  std::string out = "   ";
  for (int col = 0; col < s.size; ++col) out += std::string(1, kColumnLetters[col]) + ' ';
  out.pop_back();
  out += '\n';
  for (int row = s.size - 1; row >= 0; --row) {
    const std::string label = std::to_string(row + 1);
    out += std::string(2 - std::min<std::size_t>(2, label.size()), ' ') + label + ' ';
    for (int col = 0; col < s.size; ++col) {
      const go::Point p = g.point(col, row);
      char c = '.';
      if (s.black.contains(p))
        c = 'X';
      else if (s.white.contains(p))
        c = 'O';
      else if (legal && !legal->contains(p))
        c = '*';
      out += c;
      out += col + 1 < s.size ? " " : "\n";
    }
  }
  return out;
}

std::string sideBySide(const std::string& leftTitle, const std::string& left,
                       const std::string& rightTitle, const std::string& right) {
  auto lines = [](const std::string& text) {
    std::vector<std::string> out;
    std::istringstream in(text);
    for (std::string line; std::getline(in, line);) out.push_back(line);
    return out;
  };
  std::vector<std::string> l = lines(left), r = lines(right);
  l.insert(l.begin(), leftTitle);
  r.insert(r.begin(), rightTitle);
  std::size_t width = 0;
  for (const auto& line : l) width = std::max(width, line.size());
  std::string out;
  for (std::size_t i = 0; i < std::max(l.size(), r.size()); ++i) {
    std::string line = i < l.size() ? l[i] : "";
    line.resize(width + 4, ' ');
    out += line + (i < r.size() ? r[i] : "") + '\n';
  }
  return out;
}

std::string compareSnapshots(const Snapshot& tengen, const Snapshot& gnugo) {
  const go::Geometry g(tengen.size);
  std::string report;
  if (tengen.black != gnugo.black || tengen.white != gnugo.white) {
    report += "boards differ:\n" + sideBySide("tengen", diagram(tengen), "gnugo", diagram(gnugo));
  }
  if (tengen.capturesBlack != gnugo.capturesBlack || tengen.capturesWhite != gnugo.capturesWhite) {
    report += "captures (black, white) differ: tengen " + std::to_string(tengen.capturesBlack) +
              ", " + std::to_string(tengen.capturesWhite) + "; gnugo " +
              std::to_string(gnugo.capturesBlack) + ", " + std::to_string(gnugo.capturesWhite) +
              "\n";
  }
  for (go::Color c : {go::Color::Black, go::Color::White}) {
    const go::PointSet& mine = tengen.legal(c);
    const go::PointSet& theirs = gnugo.legal(c);
    if (mine == theirs) continue;
    const std::string name(go::colorName(c));
    report += "legal points for " + name + " differ (* = illegal for " + name + "):\n" +
              sideBySide("tengen", diagram(tengen, &mine), "gnugo", diagram(gnugo, &theirs)) +
              "legal only for tengen: " + formatVertices(g, minus(mine, theirs)) +
              "\nlegal only for gnugo: " + formatVertices(g, minus(theirs, mine)) + "\n";
  }
  return report;
}

}  // namespace tengen::testing
