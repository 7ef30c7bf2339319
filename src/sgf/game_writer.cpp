#include "sgf/game_record.h"

#include <charconv>
#include <string>

#include "sgf/coordinates.h"
#include "sgf/setup.h"
#include "sgf/sgf_tree.h"
#include "sgf/text.h"
#include "sgf/writer.h"

namespace tengen::sgf {

namespace {

// The shortest text that reads back as the same double.
std::string formatReal(double value) {
  char buf[64];
  const auto [end, ec] = std::to_chars(buf, buf + sizeof buf, value);
  return ec == std::errc() ? std::string(buf, end) : "0";
}

// In reading order from the top-left, as SGF coordinates run.
std::vector<go::Point> stonesOf(const go::Board& board, go::Color c) {
  std::vector<go::Point> out;
  const go::Geometry& g = board.geometry();
  for (int row = g.size() - 1; row >= 0; --row) {
    for (int col = 0; col < g.size(); ++col) {
      if (board.at(g.point(col, row)) == c) out.push_back(g.point(col, row));
    }
  }
  return out;
}

void addRoot(GameTree& tree, const go::Game& game, const GameInfo& info) {
  const auto add = [&](std::string_view id, std::string value) {
    tree.addValue(0, id, std::move(value));
  };
  const auto addText = [&](std::string_view id, const std::string& text) {
    if (!text.empty()) add(id, encodeSimpleText(text));
  };
  const go::Geometry& g = game.geometry();
  const auto black = stonesOf(game.initialBoard(), go::Color::Black);
  const auto white = stonesOf(game.initialBoard(), go::Color::White);
  const std::optional<go::Color> firstMove =
      game.moves().empty() ? std::nullopt : std::optional(game.moves().front().color);
  const int blackCount = static_cast<int>(black.size());
  const int whiteCount = static_cast<int>(white.size());

  add("FF", "4");
  add("CA", "UTF-8");
  add("GM", "1");
  add("AP", "tengen:" TENGEN_VERSION);
  add("SZ", std::to_string(game.size()));
  add("KM", formatReal(game.rules().komi));
  // Without HA a reader may take Black-only setup for handicap stones, depending on who
  // moves first; with HA (HA[0] for an ordinary setup) the stones alone decide.
  const bool needsHa = game.handicap() != 0 || (blackCount > 0 && whiteCount == 0);
  if (needsHa) add("HA", std::to_string(game.handicap()));
  add("RU", encodeSimpleText(game.rules().toSgf()));
  addText("PB", info.blackName);
  addText("PW", info.whiteName);
  addText("BR", info.blackRank);
  addText("WR", info.whiteRank);
  addText("DT", info.date);
  addText("EV", info.event);
  if (info.timeSeconds) add("TM", formatReal(*info.timeSeconds));
  addText("OT", info.overtime);
  addText("RE", info.result);
  if (!info.comment.empty()) add("C", encodeText(info.comment));
  for (go::Point p : black) add("AB", formatPoint(p, g));
  for (go::Point p : white) add("AW", formatPoint(p, g));
  const std::optional<int> ha = needsHa ? std::optional(game.handicap()) : std::nullopt;
  const bool handicapStones = readsAsHandicap(blackCount, whiteCount, ha, firstMove);
  if (game.initialToMove() != defaultFirstPlayer(handicapStones, firstMove)) {
    add("PL", std::string(1, go::colorLetter(game.initialToMove())));
  }
}

// One node with a setup step's AE, AB and AW, the order in which the loader applies them
// (readSetupChanges), so the step reads back as it was.
int addSetupNode(GameTree& tree, int parent, const go::SetupStep& step, const go::Geometry& g) {
  const int node = tree.addNode(parent);
  for (const go::Color color : {go::Color::Empty, go::Color::Black, go::Color::White}) {
    for (const go::SetupChange& change : step.changes) {
      if (change.color != color) continue;
      const std::string_view id = color == go::Color::Black   ? "AB"
                                  : color == go::Color::White ? "AW"
                                                              : "AE";
      tree.addValue(node, id, formatPoint(change.point, g));
    }
  }
  return node;
}

}  // namespace

std::string writeGame(const go::Game& game, const GameInfo& info,
                      const std::vector<MoveTime>& moveTimes,
                      const std::vector<Variation>& variations) {
  GameTree tree;
  tree.addNode(-1);
  addRoot(tree, game, info);
  int at = 0;
  const auto& moves = game.moves();
  std::vector<int> mainNodes{0};  // the node after i main-line moves (and setup after them)
  auto step = game.setupSteps().begin();
  for (std::size_t i = 0; i < moves.size(); ++i) {
    for (; step != game.setupSteps().end() && step->afterMoves == i; ++step) {
      at = addSetupNode(tree, at, *step, game.geometry());
      mainNodes.back() = at;
    }
    at = tree.addNode(at);
    mainNodes.push_back(at);
    const go::Color c = moves[i].color;
    tree.addValue(at, c == go::Color::Black ? "B" : "W",
                  formatPoint(moves[i].point, game.geometry()));
    if (i >= moveTimes.size()) continue;
    if (moveTimes[i].secondsLeft) {
      tree.addValue(at, c == go::Color::Black ? "BL" : "WL", formatReal(*moveTimes[i].secondsLeft));
    }
    if (moveTimes[i].overtimeLeft) {
      tree.addValue(at, c == go::Color::Black ? "OB" : "OW",
                    std::to_string(*moveTimes[i].overtimeLeft));
    }
  }
  for (; step != game.setupSteps().end(); ++step) {
    at = addSetupNode(tree, at, *step, game.geometry());
    mainNodes.back() = at;
  }
  // Added after the main line, so each is a later child of its branch node.
  for (const Variation& v : variations) {
    if (v.after >= mainNodes.size()) continue;
    int node = mainNodes[v.after];
    for (std::size_t i = 0; i < v.moves.size(); ++i) {
      node = tree.addNode(node);
      tree.addValue(node, v.moves[i].color == go::Color::Black ? "B" : "W",
                    formatPoint(v.moves[i].point, game.geometry()));
      if (i == v.commentAt && !v.comment.empty()) tree.addValue(node, "C", encodeText(v.comment));
    }
  }
  return writeTree(tree);
}

}  // namespace tengen::sgf
