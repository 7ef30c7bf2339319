// GTP v2 framing: preprocessing (section 3.1), ids and replies (2.5-2.6), the loop.
#include "gtp/protocol.h"

#include <gtest/gtest.h>

#include <sstream>
#include <string>

#include "gtp/engine.h"

namespace tengen::gtp {
namespace {

std::string preprocessed(std::string line) {
  preprocessLine(line);
  return line;
}

TEST(Preprocess, DropsControlCharactersButTurnsTabsIntoSpaces) {
  EXPECT_EQ(preprocessed("play\tb\x01 d4\r"), "play b d4");
  EXPECT_EQ(preprocessed(std::string("na\0me", 5)), "name");
  EXPECT_EQ(preprocessed("name\x7f"), "name");
}

TEST(Preprocess, CutsCommentsAndTrims) {
  EXPECT_EQ(preprocessed("  genmove b   # my move"), "genmove b");
  EXPECT_EQ(preprocessed("# only a comment"), "");
  EXPECT_EQ(preprocessed(" \t \r"), "");
}

TEST(Preprocess, KeepsBytesAboveAscii) {
  EXPECT_EQ(preprocessed("loadsgf \xc3\xa9t\xc3\xa9.sgf"), "loadsgf \xc3\xa9t\xc3\xa9.sgf");
}

TEST(ParseRequest, ReadsIdNameAndArguments) {
  const Request r = parseRequest("12 play  b d4");
  EXPECT_EQ(r.id, "12");
  EXPECT_EQ(r.name, "play");
  ASSERT_EQ(r.args.size(), 2u);
  EXPECT_EQ(r.args[0], "b");
  EXPECT_EQ(r.args[1], "d4");
}

TEST(ParseRequest, OnlyALeadingNumberIsAnId) {
  const Request r = parseRequest("boardsize 19");
  EXPECT_EQ(r.id, "");
  EXPECT_EQ(r.name, "boardsize");
  ASSERT_EQ(r.args.size(), 1u);
  EXPECT_EQ(r.args[0], "19");
  EXPECT_EQ(parseRequest("x1 name").id, "");
}

TEST(FormatReply, SuccessAndFailureEndWithAnEmptyLine) {
  EXPECT_EQ(formatSuccess("", "tengen"), "= tengen\n\n");
  EXPECT_EQ(formatSuccess("3", ""), "=3 \n\n");
  EXPECT_EQ(formatFailure("7", "illegal move"), "?7 illegal move\n\n");
}

TEST(FormatReply, NoEmptyLineInsideAResponse) {
  EXPECT_EQ(formatSuccess("", "a\n\n\nb\n"), "= a\nb\n\n");
  EXPECT_EQ(formatSuccess("", "\nboard\n"), "= \nboard\n\n");
}

TEST(ReadLine, SplitsOnLineFeedAndBoundsLength) {
  std::istringstream in("one\ntwo" + std::string(kMaxLineBytes + 10, 'x') + "\nthree");
  std::string line;
  bool truncated = false;
  ASSERT_TRUE(readLine(in, line, truncated));
  EXPECT_EQ(line, "one");
  EXPECT_FALSE(truncated);
  ASSERT_TRUE(readLine(in, line, truncated));
  EXPECT_EQ(line.size(), kMaxLineBytes);
  EXPECT_TRUE(truncated);
  ASSERT_TRUE(readLine(in, line, truncated));
  EXPECT_EQ(line, "three");
  EXPECT_FALSE(readLine(in, line, truncated));
}

TEST(EngineLoop, AnswersEachCommandAndStopsAtQuit) {
  Engine engine;
  std::istringstream in("1 name\n\n# comment\r\n2 protocol_version\r\nquit\nname\n");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "=1 tengen\n\n=2 2\n\n= \n\n");
  EXPECT_TRUE(engine.quitRequested());
}

TEST(EngineLoop, StopsAtEndOfInputWithoutQuit) {
  Engine engine;
  std::istringstream in("name");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "= tengen\n\n");
  EXPECT_FALSE(engine.quitRequested());
}

TEST(EngineLoop, RejectsOverlongLinesWithTheirId) {
  Engine engine;
  std::istringstream in("5 komi " + std::string(kMaxLineBytes, '1') + "\n6 name\n");
  std::ostringstream out;
  engine.run(in, out);
  EXPECT_EQ(out.str(), "?5 command line too long\n\n=6 tengen\n\n");
  EXPECT_EQ(engine.handleLine("9 name " + std::string(kMaxLineBytes, 'x')),
            "?9 command line too long\n\n");
}

TEST(EngineLoop, UnknownAndMissingCommands) {
  Engine engine;
  EXPECT_EQ(engine.handleLine("4 frobnicate"), "?4 unknown command\n\n");
  EXPECT_EQ(engine.handleLine("NAME"), "? unknown command\n\n");  // names are case-sensitive
  EXPECT_EQ(engine.handleLine("4"), "?4 missing command\n\n");
  EXPECT_EQ(engine.handleLine("   "), "");
  EXPECT_EQ(engine.handleLine("#4 name"), "");
}

}  // namespace
}  // namespace tengen::gtp
