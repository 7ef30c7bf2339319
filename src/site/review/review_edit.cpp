#include "site/review/review_edit.h"

#include <array>
#include <string_view>

namespace tengen::site {

namespace json = boost::json;

namespace {

// Far above any vertex, mark or comment the tree accepts: the tree says the precise limit,
// this only keeps a hostile message from being copied whole.
constexpr std::size_t kMaxReviewFieldBytes = 8'000;

ReviewRefusal badReviewEdit(std::string message) {
  return ReviewRefusal{"bad_request", std::move(message)};
}

ReviewResult<std::string> readEditString(const json::object& message, std::string_view field) {
  const json::value* value = message.if_contains(field);
  if (!value || !value->is_string()) {
    return std::unexpected(badReviewEdit("\"" + std::string(field) + "\" is required: a string"));
  }
  const json::string& text = value->as_string();
  if (text.size() > kMaxReviewFieldBytes) {
    return std::unexpected(badReviewEdit("\"" + std::string(field) + "\" is longer than " +
                                         std::to_string(kMaxReviewFieldBytes) + " bytes"));
  }
  return std::string(text);
}

}  // namespace

ReviewResult<ReviewEdit> decodeReviewEdit(const json::object& message) {
  auto op = readEditString(message, "op");
  if (!op) return std::unexpected(op.error());
  if (*op == "goto") {
    const json::value* node = message.if_contains("node");
    if (!node || !node->is_int64() || node->as_int64() < 0 || node->as_int64() > 1'000'000) {
      return std::unexpected(badReviewEdit("\"node\" is required: a node number from 0"));
    }
    return GoToEdit{static_cast<int>(node->as_int64())};
  }
  if (*op == "play") {
    auto vertex = readEditString(message, "vertex");
    if (!vertex) return std::unexpected(vertex.error());
    return PlayEdit{std::move(*vertex)};
  }
  if (*op == "unmark") {
    auto vertex = readEditString(message, "vertex");
    if (!vertex) return std::unexpected(vertex.error());
    return UnmarkEdit{std::move(*vertex)};
  }
  if (*op == "mark") {
    auto vertex = readEditString(message, "vertex");
    if (!vertex) return std::unexpected(vertex.error());
    auto name = readEditString(message, "mark");
    if (!name) return std::unexpected(name.error());
    static constexpr std::array kKinds = {MarkKind::Triangle, MarkKind::Square, MarkKind::Circle,
                                          MarkKind::Label};
    for (MarkKind kind : kKinds) {
      if (*name != markProperty(kind)) continue;
      std::string label;
      if (kind == MarkKind::Label) {
        auto given = readEditString(message, "label");
        if (!given) return std::unexpected(given.error());
        label = std::move(*given);
      }
      return MarkEdit{kind, std::move(*vertex), std::move(label)};
    }
    return std::unexpected(badReviewEdit("\"mark\" must be TR, SQ, CR or LB"));
  }
  if (*op == "comment") {
    auto text = readEditString(message, "text");
    if (!text) return std::unexpected(text.error());
    return CommentEdit{std::move(*text)};
  }
  return std::unexpected(badReviewEdit("\"op\" must be goto, play, mark, unmark or comment"));
}

ReviewResult<void> applyReviewEdit(ReviewTree& tree, const ReviewEdit& edit) {
  struct Apply {
    ReviewTree& tree;
    ReviewResult<void> operator()(const GoToEdit& e) { return tree.goTo(e.node); }
    ReviewResult<void> operator()(const PlayEdit& e) { return tree.play(e.vertex); }
    ReviewResult<void> operator()(const MarkEdit& e) {
      return tree.mark(e.kind, e.vertex, e.label);
    }
    ReviewResult<void> operator()(const UnmarkEdit& e) { return tree.unmark(e.vertex); }
    ReviewResult<void> operator()(const CommentEdit& e) { return tree.comment(e.text); }
  };
  return std::visit(Apply{tree}, edit);
}

}  // namespace tengen::site
