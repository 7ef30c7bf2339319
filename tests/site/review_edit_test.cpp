// The review_edit decoder (site/review/review_edit.h): each op decodes to its typed edit, and
// hostile or malformed fields are refused with bad_request naming the field.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include "site/review/review_edit.h"

namespace tengen::site {
namespace {

ReviewResult<ReviewEdit> decode(std::string_view text) {
  return decodeReviewEdit(boost::json::parse(text).as_object());
}

TEST(ReviewEdit, EachOpDecodesToItsEdit) {
  EXPECT_EQ(std::get<GoToEdit>(*decode(R"({"op":"goto","node":12})")).node, 12);
  EXPECT_EQ(std::get<PlayEdit>(*decode(R"({"op":"play","vertex":"pass"})")).vertex, "pass");
  const auto mark = std::get<MarkEdit>(*decode(R"({"op":"mark","vertex":"D4","mark":"LB",
                                                  "label":"7"})"));
  EXPECT_EQ(mark.kind, MarkKind::Label);
  EXPECT_EQ(mark.label, "7");
  EXPECT_EQ(std::get<MarkEdit>(*decode(R"({"op":"mark","vertex":"D4","mark":"CR"})")).kind,
            MarkKind::Circle);
  EXPECT_EQ(std::get<UnmarkEdit>(*decode(R"({"op":"unmark","vertex":"D4"})")).vertex, "D4");
  EXPECT_EQ(std::get<CommentEdit>(*decode(R"({"op":"comment","text":""})")).text, "");
}

TEST(ReviewEdit, MalformedEditsAreRefusedNamingTheField) {
  const auto refusal = [](std::string_view text) {
    auto decoded = decode(text);
    EXPECT_FALSE(decoded) << text;
    return decoded ? std::string() : decoded.error().code + ": " + decoded.error().message;
  };
  EXPECT_EQ(refusal(R"({})"), "bad_request: \"op\" is required: a string");
  EXPECT_EQ(refusal(R"({"op":7})"), "bad_request: \"op\" is required: a string");
  EXPECT_EQ(refusal(R"({"op":"undo"})"),
            "bad_request: \"op\" must be goto, play, mark, unmark or comment");
  EXPECT_EQ(refusal(R"({"op":"goto","node":-1})"),
            "bad_request: \"node\" is required: a node number from 0");
  EXPECT_EQ(refusal(R"({"op":"goto","node":1.5})"),
            "bad_request: \"node\" is required: a node number from 0");
  EXPECT_EQ(refusal(R"({"op":"goto","node":99999999999})"),
            "bad_request: \"node\" is required: a node number from 0");
  EXPECT_EQ(refusal(R"({"op":"play"})"), "bad_request: \"vertex\" is required: a string");
  EXPECT_EQ(refusal(R"({"op":"mark","vertex":"D4","mark":"MA"})"),
            "bad_request: \"mark\" must be TR, SQ, CR or LB");
  EXPECT_EQ(refusal(R"({"op":"mark","vertex":"D4","mark":"LB"})"),
            "bad_request: \"label\" is required: a string");
  EXPECT_EQ(refusal(R"({"op":"comment","text":null})"),
            "bad_request: \"text\" is required: a string");
  const std::string huge = R"({"op":"comment","text":")" + std::string(9000, 'x') + "\"}";
  EXPECT_EQ(refusal(huge), "bad_request: \"text\" is longer than 8000 bytes");
}

TEST(ReviewEdit, AppliedEditsAreCheckedAgainstTheTree) {
  ReviewTree tree = ReviewTree::emptyBoard(5, go::Rules::forNewTable());
  EXPECT_TRUE(applyReviewEdit(tree, *decode(R"({"op":"play","vertex":"C3"})")));
  EXPECT_EQ(applyReviewEdit(tree, *decode(R"({"op":"play","vertex":"C3"})")).error().code,
            "illegal_move");
  EXPECT_EQ(applyReviewEdit(tree, *decode(R"({"op":"goto","node":9})")).error().code,
            "no_such_node");
  EXPECT_EQ(
      applyReviewEdit(tree, *decode(R"({"op":"mark","vertex":"F6","mark":"TR"})")).error().code,
      "bad_vertex");
  EXPECT_TRUE(applyReviewEdit(tree, *decode(R"({"op":"comment","text":"ok"})")));
  EXPECT_EQ(tree.commentAt(1), "ok");
}

}  // namespace
}  // namespace tengen::site
