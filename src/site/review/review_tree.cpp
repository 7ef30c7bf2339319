#include "site/review/review_tree.h"

#include <algorithm>
#include <cctype>

#include "sgf/coordinates.h"
#include "sgf/parser.h"
#include "sgf/root_properties.h"
#include "sgf/text.h"

namespace tengen::site {

namespace {

constexpr MarkKind kReviewShapes[] = {MarkKind::Triangle, MarkKind::Square, MarkKind::Circle};

ReviewRefusal treeRefusal(std::string code, std::string message) {
  return ReviewRefusal{std::move(code), std::move(message)};
}

bool isReviewMarkProperty(std::string_view id) {
  return id == "TR" || id == "SQ" || id == "CR" || id == "LB";
}

// The point of an LB value "dd:text", or nullopt when it has no colon.
std::optional<std::string_view> reviewLabelPointOf(std::string_view raw) {
  const std::size_t colon = raw.find(':');
  if (colon == std::string_view::npos) return std::nullopt;
  return raw.substr(0, colon);
}

}  // namespace

const char* markProperty(MarkKind kind) {
  switch (kind) {
    case MarkKind::Triangle:
      return "TR";
    case MarkKind::Square:
      return "SQ";
    case MarkKind::Circle:
      return "CR";
    case MarkKind::Label:
      return "LB";
  }
  return "TR";
}

Result<ReviewTree> ReviewTree::fromSgf(std::string_view utf8Text, ReviewLimits limits) {
  auto tree = sgf::parseFirstGame(utf8Text);
  if (!tree) return std::unexpected(tree.error());
  return fromTree(std::move(*tree), limits);
}

Result<ReviewTree> ReviewTree::fromTree(sgf::GameTree tree, ReviewLimits limits) {
  if (tree.empty()) return fail("the record has no game");
  if (tree.size() > limits.maxNodes) {
    return fail("the record has " + std::to_string(tree.size()) +
                " nodes; a review holds at most " + std::to_string(limits.maxNodes));
  }
  if (auto game = sgf::checkGameType(tree.root()); !game) return std::unexpected(game.error());
  auto size = sgf::readBoardSize(tree.root());
  if (!size) return std::unexpected(size.error());
  // The text is UTF-8 by now (the caller decoded the file): say so, so that the SGF a review
  // saves is read right by any program. In place, so that saving and reopening keep the
  // properties' order.
  bool stated = false;
  for (sgf::Property& property : tree.node(0).properties) {
    if (property.id != "CA") continue;
    property.values = {"UTF-8"};
    property.valuePositions.resize(1);
    stated = true;
  }
  if (!stated) tree.addValue(0, "CA", "UTF-8");
  ReviewTree review(std::move(tree), go::Geometry(*size), limits);
  // The first position must load (setup, rules, komi): every later one starts from it.
  if (auto root = review.positionAt(0); !root) return std::unexpected(root.error());
  return review;
}

ReviewTree ReviewTree::emptyBoard(int size, const go::Rules& rules, ReviewLimits limits) {
  const go::Game game(size, rules);
  // writeGame's text always parses and loads (game_record.h), so this cannot fail.
  return *fromSgf(sgf::writeGame(game, sgf::GameInfo{}), limits);
}

ReviewResult<void> ReviewTree::goTo(int node) {
  if (node < 0 || node >= tree_.size()) {
    return std::unexpected(treeRefusal("no_such_node", "the review has nodes 0 to " +
                                                           std::to_string(tree_.size() - 1) +
                                                           ", not " + std::to_string(node)));
  }
  current_ = node;
  return {};
}

ReviewResult<go::Point> ReviewTree::pointOf(std::string_view vertex) const {
  if (auto point = geometry_.fromGtp(vertex); point && geometry_.onBoard(*point)) return *point;
  return std::unexpected(treeRefusal(
      "bad_vertex", "\"" + std::string(vertex.substr(0, 8)) + "\" is not a point of this " +
                        std::to_string(geometry_.size()) + "x" + std::to_string(geometry_.size()) +
                        " board (write it like D4)"));
}

ReviewResult<void> ReviewTree::play(std::string_view vertex) {
  go::Point point = go::kPass;
  if (vertex != "pass") {
    auto parsed = pointOf(vertex);
    if (!parsed) return std::unexpected(parsed.error());
    point = *parsed;
  }
  auto position = positionAt(current_);
  if (!position) {
    return std::unexpected(treeRefusal(
        "bad_record", "the position here cannot be played on: " + position.error().toString()));
  }
  const go::Game& game = position->game;
  const go::Color colour = game.toMove();
  if (point != go::kPass) {
    const go::MoveVerdict verdict = game.check(colour, point, go::PlayMode::Free);
    if (verdict != go::MoveVerdict::Legal) {
      return std::unexpected(treeRefusal(
          "illegal_move",
          std::string(vertex) + " cannot be played " + "here: " + go::verdictName(verdict)));
    }
  }
  const char* id = colour == go::Color::Black ? "B" : "W";
  const std::string value = sgf::formatPoint(point, geometry_);
  for (int child : tree_.node(current_).children) {
    const std::string* move = tree_.node(child).value(id);
    if (move && sgf::parseMove(*move, geometry_) == point) return goTo(child);
  }
  if (tree_.size() >= limits_.maxNodes) {
    return std::unexpected(treeRefusal(
        "too_many_nodes", "a review holds at most " + std::to_string(limits_.maxNodes) + " nodes"));
  }
  const int child = tree_.addNode(current_);
  tree_.addValue(child, id, value);
  current_ = child;
  return {};
}

void ReviewTree::removeMarkAt(int node, go::Point point) {
  auto& properties = tree_.node(node).properties;
  for (sgf::Property& property : properties) {
    if (!isReviewMarkProperty(property.id)) continue;
    std::vector<std::string> kept;
    for (const std::string& raw : property.values) {
      if (property.id == "LB") {
        auto at = reviewLabelPointOf(raw);
        const bool here = at && sgf::parseMove(*at, geometry_) == point;
        if (!here) kept.push_back(raw);
        continue;
      }
      // A compressed range ("aa:cc") is opened up so that one point of it can go.
      auto points = sgf::parsePointRange(raw, geometry_);
      if (!points) {
        kept.push_back(raw);
        continue;
      }
      if (std::find(points->begin(), points->end(), point) == points->end()) {
        kept.push_back(raw);
        continue;
      }
      for (go::Point p : *points) {
        if (p != point) kept.push_back(sgf::formatPoint(p, geometry_));
      }
    }
    property.values = std::move(kept);
    property.valuePositions.resize(property.values.size());
  }
  std::erase_if(properties, [](const sgf::Property& p) { return p.values.empty(); });
}

ReviewResult<void> ReviewTree::mark(MarkKind kind, std::string_view vertex,
                                    std::string_view label) {
  auto point = pointOf(vertex);
  if (!point) return std::unexpected(point.error());
  if (kind == MarkKind::Label) {
    const bool fits = !label.empty() && static_cast<int>(label.size()) <= limits_.maxLabelBytes &&
                      std::all_of(label.begin(), label.end(), [](char c) {
                        return std::isalnum(static_cast<unsigned char>(c)) != 0;
                      });
    if (!fits) {
      return std::unexpected(treeRefusal(
          "bad_label",
          "a label is 1 to " + std::to_string(limits_.maxLabelBytes) + " letters or digits"));
    }
  }
  const std::vector<Mark> marks = marksAt(current_);
  const bool replacing =
      std::any_of(marks.begin(), marks.end(), [&](const Mark& m) { return m.point == *point; });
  if (!replacing && static_cast<int>(marks.size()) >= limits_.maxMarksPerNode) {
    return std::unexpected(
        treeRefusal("too_many_marks",
                    "a node holds at most " + std::to_string(limits_.maxMarksPerNode) + " marks"));
  }
  removeMarkAt(current_, *point);
  std::string value = sgf::formatPoint(*point, geometry_);
  if (kind == MarkKind::Label) value += ":" + sgf::encodeText(label, true);
  tree_.addValue(current_, markProperty(kind), std::move(value));
  return {};
}

ReviewResult<void> ReviewTree::unmark(std::string_view vertex) {
  auto point = pointOf(vertex);
  if (!point) return std::unexpected(point.error());
  removeMarkAt(current_, *point);
  return {};
}

ReviewResult<void> ReviewTree::comment(std::string_view text) {
  if (static_cast<int>(text.size()) > limits_.maxCommentBytes) {
    return std::unexpected(treeRefusal(
        "comment_too_long", "a comment is at most " + std::to_string(limits_.maxCommentBytes) +
                                " bytes, not " + std::to_string(text.size())));
  }
  auto& properties = tree_.node(current_).properties;
  std::erase_if(properties, [](const sgf::Property& p) { return p.id == "C"; });
  if (!text.empty()) tree_.addValue(current_, "C", sgf::encodeText(text));
  return {};
}

Result<sgf::LoadedGame> ReviewTree::positionAt(int node) const {
  std::vector<int> path;
  for (int at = node; at >= 0; at = tree_.node(at).parent) path.push_back(at);
  std::reverse(path.begin(), path.end());
  sgf::GameTree line;
  int parent = -1;
  for (int index : path) {
    parent = line.addNode(parent);
    for (const sgf::Property& property : tree_.node(index).properties) {
      // Only what shapes the position: markup and comments cannot make it fail.
      if (isReviewMarkProperty(property.id) || property.id == "C") continue;
      for (const std::string& value : property.values) {
        line.addValue(parent, property.id, value);
      }
    }
  }
  return sgf::loadGame(line);
}

std::vector<Mark> ReviewTree::marksAt(int node) const {
  std::vector<Mark> marks;
  for (const sgf::Property& property : tree_.node(node).properties) {
    for (MarkKind kind : kReviewShapes) {
      if (property.id != markProperty(kind)) continue;
      for (const std::string& raw : property.values) {
        auto points = sgf::parsePointRange(raw, geometry_);
        if (!points) continue;  // a file's bad markup is not shown, never an error
        for (go::Point p : *points) marks.push_back(Mark{kind, p, {}});
      }
    }
    if (property.id != "LB") continue;
    for (const std::string& raw : property.values) {
      auto at = reviewLabelPointOf(raw);
      if (!at) continue;
      auto point = sgf::parseMove(*at, geometry_);
      if (!point || *point == go::kPass) continue;
      marks.push_back(
          Mark{MarkKind::Label, *point, sgf::decodeSimpleText(raw.substr(at->size() + 1))});
    }
  }
  return marks;
}

std::string ReviewTree::commentAt(int node) const {
  const std::string* raw = tree_.node(node).value("C");
  return raw ? sgf::decodeText(*raw) : std::string();
}

NodeSummary ReviewTree::summaryOf(int node) const {
  const sgf::Node& n = tree_.node(node);
  NodeSummary summary;
  summary.parent = n.parent;
  for (const sgf::Property& property : n.properties) {
    if (isReviewMarkProperty(property.id) || property.id == "C") summary.annotated = true;
    if (property.id != "B" && property.id != "W") continue;
    summary.color = property.id == "B" ? go::Color::Black : go::Color::White;
    if (property.values.empty()) continue;
    auto point = sgf::parseMove(property.values[0], geometry_);
    summary.point = point ? *point : go::kNoPoint;
  }
  return summary;
}

bool ReviewTree::checkInvariants() const {
  if (tree_.empty() || current_ < 0 || current_ >= tree_.size()) return false;
  if (tree_.node(0).parent != -1) return false;
  for (int i = 1; i < tree_.size(); ++i) {
    const int parent = tree_.node(i).parent;
    if (parent < 0 || parent >= i) return false;
    const auto& siblings = tree_.node(parent).children;
    if (std::count(siblings.begin(), siblings.end(), i) != 1) return false;
  }
  return tree_.size() <= limits_.maxNodes;
}

}  // namespace tengen::site
