#pragma once

// A controller's edit of a review board, decoded once from its `review_edit` message
// (docs/protocol.md, "Reviews") into a typed value, then applied to the tree. Decoding checks
// the shape of the fields (an op from the list, strings and numbers within bounds); applying
// checks them against the tree (the node exists, the move is legal, the caps hold).

#include <boost/json/object.hpp>

#include <string>
#include <variant>

#include "site/review/review_tree.h"

namespace tengen::site {

struct GoToEdit {
  int node = 0;
};
struct PlayEdit {
  std::string vertex;  // GTP text or "pass"
};
struct MarkEdit {
  MarkKind kind = MarkKind::Triangle;
  std::string vertex;
  std::string label;
};
struct UnmarkEdit {
  std::string vertex;
};
struct CommentEdit {
  std::string text;
};
using ReviewEdit = std::variant<GoToEdit, PlayEdit, MarkEdit, UnmarkEdit, CommentEdit>;

// {"op":"goto","node":N} | {"op":"play","vertex":"D4"|"pass"} |
// {"op":"mark","vertex":…,"mark":"TR"|"SQ"|"CR"|"LB","label":…} | {"op":"unmark","vertex":…} |
// {"op":"comment","text":…}. Refusals have code bad_request and name the field.
ReviewResult<ReviewEdit> decodeReviewEdit(const boost::json::object& message);

ReviewResult<void> applyReviewEdit(ReviewTree& tree, const ReviewEdit& edit);

}  // namespace tengen::site
