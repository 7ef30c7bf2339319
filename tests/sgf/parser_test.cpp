#include "sgf/parser.h"

#include <gtest/gtest.h>

#include "sgf/writer.h"
#include "test_util.h"

namespace tengen::sgf {
namespace {

using test::readData;

// The B/W values along the main line, space-separated.
std::string mainLineMoves(const GameTree& tree) {
  std::string out;
  for (int i : tree.mainLine()) {
    for (const char* id : {"B", "W"}) {
      if (const std::string* v = tree.node(i).value(id))
        out += (out.empty() ? "" : " ") + std::string(id) + "[" + *v + "]";
    }
  }
  return out;
}

TEST(Parser, ReadsNodesAndProperties) {
  auto tree = parseFirstGame("(;GM[1]SZ[9]AB[aa][bb];B[cc]C[hi])");
  ASSERT_TRUE(tree) << tree.error().toString();
  ASSERT_EQ(tree->size(), 2);
  const Property* ab = tree->root().find("AB");
  ASSERT_NE(ab, nullptr);
  EXPECT_EQ(ab->values, (std::vector<std::string>{"aa", "bb"}));
  EXPECT_EQ(ab->position, (SourcePos{1, 13}));
  EXPECT_EQ(ab->valuePositions[1], (SourcePos{1, 19}));
  EXPECT_EQ(*tree->node(1).value("C"), "hi");
  EXPECT_EQ(tree->node(1).parent, 0);
}

// The main line is the first child at each branch (FF[4] "Variations").
TEST(Parser, MainLineFollowsFirstVariations) {
  auto tree = parseFirstGame(readData("variations.sgf"));
  ASSERT_TRUE(tree) << tree.error().toString();
  EXPECT_EQ(mainLineMoves(*tree), "B[ee] W[cc] B[gg] W[gc] B[cg]");
  EXPECT_EQ(tree->size(), 9);
  EXPECT_EQ(tree->node(1).children.size(), 2u);
}

TEST(Parser, WhitespaceAnywhereBetweenTokens) {
  auto tree = parseFirstGame(" (\n ;\tB\n [aa]\r\n [bb] ; W [cc] ( ; B[dd] ) ( ;B[ee] ) ) ");
  ASSERT_TRUE(tree) << tree.error().toString();
  EXPECT_EQ(mainLineMoves(*tree), "B[aa] W[cc] B[dd]");
  EXPECT_EQ(tree->root().find("B")->values.size(), 2u);
}

TEST(Parser, RepeatedPropertyInANodeIsMerged) {
  auto tree = parseFirstGame("(;AB[aa]AW[cc]AB[bb])");
  ASSERT_TRUE(tree);
  EXPECT_EQ(tree->root().properties.size(), 2u);
  EXPECT_EQ(tree->root().find("AB")->values, (std::vector<std::string>{"aa", "bb"}));
}

TEST(Parser, CollectionKeepsEveryGameAndSkipsLeadingText) {
  auto games = parseCollection(readData("collection.sgf"));
  ASSERT_TRUE(games) << games.error().toString();
  ASSERT_EQ(games->size(), 2u);
  EXPECT_EQ(*games->at(0).root().value("PB"), "first");
  EXPECT_EQ(*games->at(1).root().value("PB"), "second");
  auto first = parseCollection(readData("collection.sgf"), 1);
  ASSERT_TRUE(first);
  EXPECT_EQ(first->size(), 1u);
}

TEST(Parser, OnlyTheFirstGameIsCheckedWhenOneIsAsked) {
  auto tree = parseFirstGame("(;B[aa])(;B[");
  EXPECT_TRUE(tree);
  EXPECT_FALSE(parseCollection("(;B[aa])(;B["));
}

TEST(Parser, DeepVariationNestingNeedsNoRecursion) {
  std::string text;
  for (int i = 0; i < 200000; ++i) text += "(;";
  text += std::string(200000, ')');
  auto tree = parseFirstGame(text);
  ASSERT_TRUE(tree) << tree.error().toString();
  EXPECT_EQ(tree->size(), 200000);
  EXPECT_EQ(tree->mainLine().size(), 200000u);
}

TEST(Writer, ParseWriteParseKeepsTheTree) {
  for (const char* name : {"variations.sgf", "kgs_handicap.sgf", "ogs_japanese.sgf",
                           "ff3_lowercase.sgf", "setup_position.sgf"}) {
    auto tree = parseFirstGame(readData(name));
    ASSERT_TRUE(tree) << name;
    const std::string written = writeTree(*tree);
    auto again = parseFirstGame(written);
    ASSERT_TRUE(again) << name << ": " << again.error().toString() << "\n" << written;
    ASSERT_EQ(again->size(), tree->size()) << name;
    for (int i = 0; i < tree->size(); ++i) {
      const Node& a = tree->node(i);
      const Node& b = again->node(i);
      EXPECT_EQ(a.parent, b.parent) << name << " node " << i;
      EXPECT_EQ(a.children, b.children) << name << " node " << i;
      ASSERT_EQ(a.properties.size(), b.properties.size()) << name << " node " << i;
      for (std::size_t k = 0; k < a.properties.size(); ++k) {
        EXPECT_EQ(a.properties[k].id, b.properties[k].id);
        EXPECT_EQ(a.properties[k].values, b.properties[k].values);
      }
    }
    EXPECT_EQ(writeTree(*again), written) << name;
  }
}

TEST(Writer, WritesVariationsInParentheses) {
  auto tree = parseFirstGame("(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))");
  ASSERT_TRUE(tree);
  std::string flat;
  for (char c : writeTree(*tree)) {
    if (c != '\n') flat += c;
  }
  EXPECT_EQ(flat, "(;SZ[9];B[aa](;W[bb](;B[cc])(;B[dd]))(;W[ee]))");
}

}  // namespace
}  // namespace tengen::sgf
