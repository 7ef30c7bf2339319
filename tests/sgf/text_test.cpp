#include "sgf/text.h"

#include <gtest/gtest.h>

namespace tengen::sgf {
namespace {

// FF[4] "Text": '\' escapes the next character; '\' before a line break is a soft break.
TEST(Text, DecodesEscapes) { EXPECT_EQ(decodeText(R"(a \] b \\ c \: d)"), R"(a ] b \ c : d)"); }

TEST(Text, RemovesSoftLineBreaksOfEveryKind) {
  EXPECT_EQ(decodeText("soft\\\nbreak"), "softbreak");
  EXPECT_EQ(decodeText("soft\\\r\nbreak"), "softbreak");
  EXPECT_EQ(decodeText("soft\\\n\rbreak"), "softbreak");
  EXPECT_EQ(decodeText("soft\\\rbreak"), "softbreak");
}

TEST(Text, KeepsHardLineBreaksAndBytes) {
  EXPECT_EQ(decodeText("line one\nline two"), "line one\nline two");
  EXPECT_EQ(decodeText("\xe6\x9c\xac\xe5\x9b\xa0\xe5\x9d\x8a"),
            "\xe6\x9c\xac\xe5\x9b\xa0\xe5\x9d\x8a");
}

TEST(Text, TrailingLoneBackslashIsDropped) { EXPECT_EQ(decodeText("abc\\"), "abc"); }

// FF[4] "SimpleText": line breaks and other whitespace become spaces.
TEST(Text, SimpleTextFlattensWhitespace) {
  EXPECT_EQ(decodeSimpleText("Go\tSeigen\r\nand\n\rHonda\rX"), "Go Seigen and Honda X");
  EXPECT_EQ(decodeSimpleText("soft\\\nbreak"), "softbreak");
}

TEST(Text, EncodeEscapesWhatDecodeUnescapes) {
  const std::string text = "a ] b \\ c : d\nnext";
  EXPECT_EQ(encodeText(text), "a \\] b \\\\ c : d\nnext");
  EXPECT_EQ(encodeText(text, true), "a \\] b \\\\ c \\: d\nnext");
  EXPECT_EQ(decodeText(encodeText(text)), text);
  EXPECT_EQ(decodeText(encodeText(text, true)), text);
}

TEST(Text, EncodeSimpleTextRoundTrips) {
  EXPECT_EQ(encodeSimpleText("a\tb\nc]"), "a b c\\]");
  EXPECT_EQ(decodeSimpleText(encodeSimpleText("a\tb\nc]")), "a b c]");
}

}  // namespace
}  // namespace tengen::sgf
