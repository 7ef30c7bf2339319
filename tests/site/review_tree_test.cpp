// The tree of a review board (site/review/review_tree.h): moves add variations or follow the
// existing child, marks and comments land on the current node, every refusal leaves the tree
// as it was, and the SGF a review saves reopens to the same tree, marks and comments.
#include <gtest/gtest.h>

#include "sgf/parser.h"
#include "site/review/review_tree.h"

namespace tengen::site {
namespace {

ReviewTree nineByNine() { return ReviewTree::emptyBoard(9, go::Rules::forNewTable()); }

void play(ReviewTree& tree, std::string_view moves) {
  std::size_t at = 0;
  while (at < moves.size()) {
    std::size_t space = moves.find(' ', at);
    if (space == std::string_view::npos) space = moves.size();
    auto played = tree.play(moves.substr(at, space - at));
    ASSERT_TRUE(played) << moves.substr(at, space - at) << ": " << played.error().message;
    at = space + 1;
  }
}

TEST(ReviewTree, AMoveAtANodeWithThatChildGoesThereAndAnotherMoveStartsAVariation) {
  ReviewTree tree = nineByNine();
  play(tree, "E5 C3 G7");
  EXPECT_EQ(tree.nodeCount(), 4);
  ASSERT_TRUE(tree.goTo(1));
  play(tree, "C3");  // the main line's own move: no new node
  EXPECT_EQ(tree.current(), 2);
  EXPECT_EQ(tree.nodeCount(), 4);
  ASSERT_TRUE(tree.goTo(1));
  play(tree, "G3");  // a variation: a second child of node 1
  EXPECT_EQ(tree.nodeCount(), 5);
  EXPECT_EQ(tree.current(), 4);
  EXPECT_EQ(tree.tree().node(1).children, (std::vector<int>{2, 4}));
  const NodeSummary s = tree.summaryOf(4);
  EXPECT_EQ(s.parent, 1);
  EXPECT_EQ(s.color, go::Color::White);
  EXPECT_EQ(tree.geometry().toGtp(s.point), "G3");
  auto position = tree.positionAt(4);
  ASSERT_TRUE(position);
  EXPECT_EQ(position->game.moves().size(), 2u);  // E5, G3: the variation, not the main line
  EXPECT_TRUE(tree.checkInvariants());
}

TEST(ReviewTree, CapturesAreTheRulesOwnAndIllegalMovesAreRefusedWithTheirReason) {
  ReviewTree tree = nineByNine();
  // Black B1 and A2 take White's A1.
  play(tree, "B1 A1 A2");
  auto position = tree.positionAt(tree.current());
  ASSERT_TRUE(position);
  EXPECT_EQ(position->game.board().at(tree.geometry().point(0, 0)), go::Color::Empty);
  EXPECT_EQ(position->game.board().captures(go::Color::Black), 1);
  const int before = tree.nodeCount();
  auto occupied = tree.play("B1");
  ASSERT_FALSE(occupied);
  EXPECT_EQ(occupied.error().code, "illegal_move");
  EXPECT_NE(occupied.error().message.find("occupied"), std::string::npos)
      << occupied.error().message;
  auto off = tree.play("Z9");
  ASSERT_FALSE(off);
  EXPECT_EQ(off.error().code, "bad_vertex");
  EXPECT_EQ(tree.nodeCount(), before);
  play(tree, "pass");
  EXPECT_EQ(tree.summaryOf(tree.current()).point, go::kPass);
}

TEST(ReviewTree, MarksReplaceEachOtherOnAPointAndComeOffAgain) {
  ReviewTree tree = nineByNine();
  play(tree, "E5");
  ASSERT_TRUE(tree.mark(MarkKind::Triangle, "E5"));
  ASSERT_TRUE(tree.mark(MarkKind::Square, "C3"));
  ASSERT_TRUE(tree.mark(MarkKind::Label, "D4", "A"));
  ASSERT_TRUE(tree.mark(MarkKind::Label, "F4", "12"));
  ASSERT_TRUE(tree.mark(MarkKind::Circle, "C3"));  // replaces the square
  auto marks = tree.marksAt(tree.current());
  ASSERT_EQ(marks.size(), 4u);
  const auto find = [&](std::string_view vertex) -> const Mark* {
    for (const Mark& m : marks) {
      if (tree.geometry().toGtp(m.point) == vertex) return &m;
    }
    return nullptr;
  };
  ASSERT_TRUE(find("C3"));
  EXPECT_EQ(find("C3")->kind, MarkKind::Circle);
  ASSERT_TRUE(find("F4"));
  EXPECT_EQ(find("F4")->label, "12");
  ASSERT_TRUE(tree.unmark("E5"));
  EXPECT_EQ(tree.marksAt(tree.current()).size(), 3u);
  EXPECT_TRUE(tree.marksAt(0).empty()) << "marks belong to the node they were made on";
  EXPECT_TRUE(tree.summaryOf(tree.current()).annotated);

  EXPECT_EQ(tree.mark(MarkKind::Label, "D5", "").error().code, "bad_label");
  EXPECT_EQ(tree.mark(MarkKind::Label, "D5", "a]b").error().code, "bad_label");
  EXPECT_EQ(tree.mark(MarkKind::Label, "D5", "ABCDE").error().code, "bad_label");
}

TEST(ReviewTree, MarksPerNodeAndNodesPerReviewAreCapped) {
  ReviewLimits limits;
  limits.maxMarksPerNode = 2;
  limits.maxNodes = 3;
  ReviewTree tree = ReviewTree::emptyBoard(9, go::Rules::forNewTable(), limits);
  ASSERT_TRUE(tree.mark(MarkKind::Triangle, "A1"));
  ASSERT_TRUE(tree.mark(MarkKind::Triangle, "A2"));
  EXPECT_EQ(tree.mark(MarkKind::Triangle, "A3").error().code, "too_many_marks");
  EXPECT_TRUE(tree.mark(MarkKind::Square, "A2")) << "replacing a mark adds none";
  play(tree, "E5 C3");
  auto third = tree.play("G7");
  ASSERT_FALSE(third);
  EXPECT_EQ(third.error().code, "too_many_nodes");
  EXPECT_EQ(tree.nodeCount(), 3);
}

TEST(ReviewTree, CommentsAreSetReplacedAndRemovedAndTheirLengthIsCapped) {
  ReviewTree tree = nineByNine();
  ASSERT_TRUE(tree.comment("Black [should] \\ play\nhere: 3-3"));
  EXPECT_EQ(tree.commentAt(0), "Black [should] \\ play\nhere: 3-3");
  ASSERT_TRUE(tree.comment("shorter"));
  EXPECT_EQ(tree.commentAt(0), "shorter");
  ASSERT_TRUE(tree.comment(""));
  EXPECT_EQ(tree.tree().root().value("C"), nullptr);
  auto tooLong = tree.comment(std::string(4001, 'x'));
  ASSERT_FALSE(tooLong);
  EXPECT_EQ(tooLong.error().code, "comment_too_long");
}

TEST(ReviewTree, TheSavedSgfReopensToTheSameVariationsMarksCommentsAndNodes) {
  ReviewTree tree = nineByNine();
  play(tree, "E5 C3 G7");
  ASSERT_TRUE(tree.goTo(1));
  play(tree, "G3");
  ASSERT_TRUE(tree.mark(MarkKind::Triangle, "E5"));
  ASSERT_TRUE(tree.mark(MarkKind::Label, "C7", "B"));
  ASSERT_TRUE(tree.comment("Белые лучше: G3 ]"));
  const std::string text = tree.sgf();
  EXPECT_NE(text.find("TR[ee]"), std::string::npos) << text;

  auto reopened = ReviewTree::fromSgf(text);
  ASSERT_TRUE(reopened) << reopened.error().toString();
  ASSERT_EQ(reopened->nodeCount(), tree.nodeCount());
  for (int i = 0; i < tree.nodeCount(); ++i) {
    EXPECT_EQ(reopened->summaryOf(i).parent, tree.summaryOf(i).parent) << i;
    EXPECT_EQ(reopened->summaryOf(i).point, tree.summaryOf(i).point) << i;
    EXPECT_EQ(reopened->commentAt(i), tree.commentAt(i)) << i;
    EXPECT_EQ(reopened->marksAt(i).size(), tree.marksAt(i).size()) << i;
  }
  EXPECT_EQ(reopened->commentAt(4), "Белые лучше: G3 ]");
  EXPECT_EQ(reopened->sgf(), text);
}

// Found by fuzz/review_edit_fuzz: a mark on the root came before CA once reopened, so the
// second save differed from the first.
TEST(ReviewTree, MarksOnTheRootKeepTheirPlaceAcrossASaveAndReopen) {
  ReviewTree tree = nineByNine();
  ASSERT_TRUE(tree.mark(MarkKind::Circle, "D4"));
  const std::string text = tree.sgf();
  auto reopened = ReviewTree::fromSgf(text);
  ASSERT_TRUE(reopened);
  EXPECT_EQ(reopened->sgf(), text);
}

TEST(ReviewTree, AFileWithCompressedMarkupAndAForeignCharsetOpensAndSavesAsUtf8) {
  auto tree = ReviewTree::fromSgf("(;GM[1]FF[4]CA[ISO-8859-1]SZ[9];B[ee]TR[aa:bb]LB[cc:X])");
  ASSERT_TRUE(tree) << tree.error().toString();
  EXPECT_EQ(tree->marksAt(1).size(), 5u);  // four triangles and a label
  ASSERT_TRUE(tree->goTo(1));
  ASSERT_TRUE(tree->unmark("A9"));  // one corner of the range
  EXPECT_EQ(tree->marksAt(1).size(), 4u);
  EXPECT_NE(tree->sgf().find("CA[UTF-8]"), std::string::npos) << tree->sgf();
  EXPECT_EQ(tree->sgf().find("ISO-8859-1"), std::string::npos);
}

TEST(ReviewTree, RecordsThatCannotBeReviewedAreRefusedSayingWhy) {
  EXPECT_FALSE(ReviewTree::fromSgf(""));
  EXPECT_FALSE(ReviewTree::fromSgf("(;GM[2]SZ[9])"));
  EXPECT_FALSE(ReviewTree::fromSgf("(;SZ[30])"));
  auto bad = ReviewTree::fromSgf("(;SZ[9];B[ee");
  ASSERT_FALSE(bad);
  EXPECT_NE(bad.error().toString().find("line 1"), std::string::npos) << bad.error().toString();
  EXPECT_EQ(nineByNine().goTo(5).error().code, "no_such_node");
  EXPECT_EQ(nineByNine().goTo(-1).error().code, "no_such_node");
}

}  // namespace
}  // namespace tengen::site
