#pragma once

// The tree of one review board (docs/protocol.md, "Reviews"): an SGF game tree, the node
// everyone following is on, and the edits a controller makes — go to a node, play a move
// there (a new child unless it is one already), mark points (TR, SQ, CR, LB) and comment (C).
// The tree is the project's own sgf::GameTree, so saving is sgf::writeTree and reopening is
// sgf::parseFirstGame: variations and markup survive both. Positions come from sgf::loadGame
// on the path from the root to a node, so the rules of Go live in one place (go/).
//
// Not thread-safe: the review service (review_service.h) holds its lock around every call.
// Every edit is checked before anything changes: a refused edit leaves the tree as it was.

#include <cstdint>
#include <expected>
#include <string>
#include <string_view>
#include <vector>

#include "base/result.h"
#include "go/point.h"
#include "go/rules.h"
#include "sgf/game_record.h"
#include "sgf/sgf_tree.h"
#include "sgf/writer.h"

namespace tengen::site {

// Caps that keep one review from exhausting memory (docs/protocol.md "Reviews", limits).
struct ReviewLimits {
  int maxNodes = 10'000;
  int maxCommentBytes = 4'000;
  int maxMarksPerNode = 100;
  int maxLabelBytes = 4;
};

// Why an edit was refused: a snake_case code the page translates and an English sentence.
struct ReviewRefusal {
  std::string code;
  std::string message;
};
template <typename T>
using ReviewResult = std::expected<T, ReviewRefusal>;

enum class MarkKind { Triangle, Square, Circle, Label };
// "TR", "SQ", "CR", "LB": the SGF property, which is also the name in messages.
const char* markProperty(MarkKind kind);

struct Mark {
  MarkKind kind = MarkKind::Triangle;
  go::Point point = go::kNoPoint;
  std::string label;  // LB only
};

// A node as the page draws the tree: its parent, its move (colour Empty when it has none)
// and whether it carries a comment or marks.
struct NodeSummary {
  int parent = -1;
  go::Color color = go::Color::Empty;
  go::Point point = go::kNoPoint;  // go::kPass for a pass
  bool annotated = false;
};

class ReviewTree {
 public:
  // The first game of `utf8Text` (decode the file's charset first, sgf/charset.h). Errors
  // are the reader's, with line and column, or say why the game cannot be reviewed.
  static Result<ReviewTree> fromSgf(std::string_view utf8Text, ReviewLimits limits = {});
  static Result<ReviewTree> fromTree(sgf::GameTree tree, ReviewLimits limits = {});
  // An empty board of `size` (2..25) under `rules`.
  static ReviewTree emptyBoard(int size, const go::Rules& rules, ReviewLimits limits = {});

  int current() const { return current_; }
  int nodeCount() const { return tree_.size(); }
  const go::Geometry& geometry() const { return geometry_; }
  const sgf::GameTree& tree() const { return tree_; }

  ReviewResult<void> goTo(int node);
  // Plays `vertex` (GTP text, or "pass") for the side to move at the current node, and goes
  // to the new (or existing) child holding that move.
  ReviewResult<void> play(std::string_view vertex);
  // Puts a mark on a point of the current node, replacing any mark there.
  ReviewResult<void> mark(MarkKind kind, std::string_view vertex, std::string_view label = {});
  ReviewResult<void> unmark(std::string_view vertex);
  // Sets the current node's comment (UTF-8); empty removes it.
  ReviewResult<void> comment(std::string_view text);

  // The game at `node`: the path from the root loaded by sgf::loadGame.
  Result<sgf::LoadedGame> positionAt(int node) const;
  std::vector<Mark> marksAt(int node) const;
  std::string commentAt(int node) const;
  NodeSummary summaryOf(int node) const;
  // The tree as SGF text.
  std::string sgf() const { return sgf::writeTree(tree_); }

  // For the fuzz target and tests: the tree's own consistency (parents, children, current).
  bool checkInvariants() const;

 private:
  ReviewTree(sgf::GameTree tree, go::Geometry geometry, ReviewLimits limits)
      : tree_(std::move(tree)), geometry_(geometry), limits_(limits) {}
  ReviewResult<go::Point> pointOf(std::string_view vertex) const;
  void removeMarkAt(int node, go::Point point);

  sgf::GameTree tree_;
  go::Geometry geometry_;
  ReviewLimits limits_;
  int current_ = 0;
};

}  // namespace tengen::site
