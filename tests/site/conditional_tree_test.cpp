// Conditional move trees (site/conditional/conditional_tree.h): read from JSON with errors that
// say where, written back the same, and checked against a real position under the game's rules.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "go/game.h"
#include "site/conditional/conditional_tree.h"

namespace tengen::site {
namespace {

namespace json = boost::json;

go::Geometry nine() { return go::Geometry(9); }

std::string parseError(std::string_view text) {
  json::parse_options deep;
  deep.max_depth = 128;  // the tree's own limit is under test, not the parser's
  auto tree = parseConditionalTree(json::parse(text, {}, deep), nine());
  EXPECT_FALSE(tree) << text;
  return tree ? std::string() : tree.error();
}

TEST(ConditionalTree, ReadsNestedBranchesAndWritesThemBackTheSame) {
  const std::string text =
      R"([{"move":"E5","answer":"C3","then":[{"move":"D4","answer":"F6","then":[]},)"
      R"({"move":"G7","answer":"c7","then":[]}]},{"move":"A1","answer":"J9","then":[]}])";
  auto tree = parseConditionalTree(json::parse(text), nine());
  ASSERT_TRUE(tree) << tree.error();
  ASSERT_EQ(tree->size(), 2u);
  const go::Geometry geometry = nine();
  EXPECT_EQ(geometry.toGtp((*tree)[0].answer), "C3");
  ASSERT_EQ((*tree)[0].then.size(), 2u);
  EXPECT_EQ(geometry.toGtp((*tree)[0].then[1].answer), "C7");  // lower case read as GTP does
  const ConditionalBranch* a1 = branchFor(*tree, *geometry.fromGtp("A1"));
  ASSERT_NE(a1, nullptr);
  EXPECT_EQ(geometry.toGtp(a1->answer), "J9");
  EXPECT_EQ(branchFor(*tree, *geometry.fromGtp("B2")), nullptr);
  // Written back: the same tree (vertices upper case), and "then" may be left out on input.
  auto again = parseConditionalTree(json::parse(conditionalTreeText(*tree, geometry)), geometry);
  ASSERT_TRUE(again);
  EXPECT_EQ(conditionalTreeText(*again, geometry), conditionalTreeText(*tree, geometry));
  EXPECT_TRUE(parseConditionalTree(json::parse(R"([{"move":"E5","answer":"C3"}])"), geometry));
}

TEST(ConditionalTree, BadTreesAreRefusedNamingWhereAndWhy) {
  EXPECT_EQ(parseError(R"({"move":"E5"})"), "tree: must be an array of branches");
  EXPECT_EQ(parseError(R"([{"move":"E5","answer":"K10"}])"),
            "tree[0].answer: \"K10\" is not a point of a 9x9 board");
  EXPECT_EQ(parseError(R"([{"move":"E5","answer":"C3","then":[{"move":"I5","answer":"C4"}]}])"),
            "tree[0].then[0].move: \"I5\" is not a point of a 9x9 board");
  EXPECT_EQ(parseError(R"([{"move":"pass","answer":"C3"}])"),
            "tree[0].move: a pass cannot be planned, only points");
  EXPECT_EQ(parseError(R"([{"move":"E5"}])"), "tree[0].answer: missing");
  EXPECT_EQ(parseError(R"([{"move":5,"answer":"C3"}])"),
            "tree[0].move: must be a point such as \"D4\"");
  EXPECT_EQ(parseError(R"([{"move":"E5","answer":"C3","colour":"white"}])"),
            "tree[0]: unknown field \"colour\"");
  EXPECT_EQ(parseError(R"([{"move":"E5","answer":"C3"},{"move":"e5","answer":"D3"}])"),
            "tree[1].move: E5 is planned twice at the same point of the tree");
  EXPECT_EQ(parseError(R"([7])"), "tree[0]: must be an object with move, answer and then");
}

TEST(ConditionalTree, TreesTooDeepOrTooWideAreRefused) {
  // 15 moves of the opponent, one below the other, fit; 16 do not.
  std::string deep = R"({"move":"A1","answer":"A2"})";
  for (int i = 1; i < kMaxConditionalDepth; ++i) {
    deep = R"({"move":"A1","answer":"A2","then":[)" + deep + "]}";
  }
  EXPECT_TRUE(parseConditionalTree(json::parse("[" + deep + "]"), nine()));
  deep = R"({"move":"A1","answer":"A2","then":[)" + deep + "]}";
  EXPECT_NE(parseError("[" + deep + "]").find("deeper than 15"), std::string::npos);
  // 201 branches: the 81 points of a 9x9 board at three levels.
  json::array wide;
  const go::Geometry geometry = nine();
  for (int level = 0; level < 3; ++level) {
    json::array next;
    for (int i = 0; i < 81; ++i) {
      json::object branch{{"move", geometry.toGtp(geometry.point(i % 9, i / 9))},
                          {"answer", "A1"},
                          {"then", json::array()}};
      if (i == 0) branch["then"] = wide;
      next.push_back(std::move(branch));
    }
    wide = std::move(next);
  }
  EXPECT_NE(parseError(json::serialize(wide)).find("more than 200 branches"), std::string::npos);
}

TEST(ConditionalTree, EveryBranchMustBePlayableFromThePositionUnderItsRules) {
  go::Game game(9);
  ASSERT_EQ(game.play(go::Color::Black, *game.geometry().fromGtp("E5")), go::MoveVerdict::Legal);
  // Black has played; White waits. A plan of Black's is refused: Black is not waiting.
  const auto tree = [&](std::string_view text) {
    auto read = parseConditionalTree(json::parse(text), game.geometry());
    EXPECT_TRUE(read) << text;
    return read.value_or(ConditionalTree{});
  };
  const ConditionalTree fine =
      tree(R"([{"move":"D4","answer":"C3","then":[{"move":"C4","answer":"D3"}]}])");
  EXPECT_TRUE(checkConditionalTree(fine, game, go::Color::Black));
  EXPECT_EQ(checkConditionalTree(fine, game, go::Color::White).error(),
            "conditional moves are planned while the opponent is to move");
  // White's turn now: White is to move, Black plans.
  ASSERT_EQ(game.play(go::Color::White, *game.geometry().fromGtp("C3")), go::MoveVerdict::Legal);
  EXPECT_EQ(checkConditionalTree(tree(R"([{"move":"E5","answer":"D4"}])"), game, go::Color::White)
                .error(),
            "tree[0].move: the opponent cannot play E5 here (occupied)");
  EXPECT_EQ(
      checkConditionalTree(tree(R"([{"move":"D4","answer":"F5"},{"move":"F4","answer":"F4"}])"),
                           game, go::Color::White)
          .error(),
      "tree[1].answer: F4 is not legal after F4 (occupied)");
  // A corner where White's answer would be suicide, under rules that forbid it: Black at A2
  // and B1 with A1 empty.
  go::Rules noSuicide;
  noSuicide.suicide = go::SuicideRule::Forbidden;
  go::Game corner(9, noSuicide);
  for (const char* move : {"A2", "E5", "B1"}) {
    const go::Color colour = corner.toMove();
    ASSERT_EQ(corner.play(colour, *corner.geometry().fromGtp(move)), go::MoveVerdict::Legal);
  }
  // White to move after B1; White plans for Black's next move.
  ASSERT_EQ(corner.play(go::Color::White, *corner.geometry().fromGtp("G7")),
            go::MoveVerdict::Legal);
  auto suicide = parseConditionalTree(
      json::parse(R"([{"move":"J9","answer":"C3","then":[{"move":"H8","answer":"A1"}]}])"),
      corner.geometry());
  ASSERT_TRUE(suicide);
  EXPECT_EQ(checkConditionalTree(*suicide, corner, go::Color::White).error(),
            "tree[0].then[0].answer: A1 is not legal after H8 (suicide)");
}

}  // namespace
}  // namespace tengen::site
