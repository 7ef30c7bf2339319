#include "sgf/lexer.h"

#include <vector>

#include <gtest/gtest.h>

namespace tengen::sgf {
namespace {

std::vector<Token> tokens(std::string_view text) {
  Lexer lexer(text);
  std::vector<Token> out;
  for (;;) {
    auto token = lexer.next();
    EXPECT_TRUE(token.has_value()) << token.error().toString();
    if (!token || token->kind == TokenKind::End) return out;
    out.push_back(*token);
  }
}

TEST(Lexer, SplitsPunctuationIdentifiersAndValues) {
  const auto t = tokens("(;B[aa] ;W [bb][cc])");
  ASSERT_EQ(t.size(), 9u);
  EXPECT_EQ(t[0].kind, TokenKind::Open);
  EXPECT_EQ(t[1].kind, TokenKind::Semicolon);
  EXPECT_EQ(t[2].kind, TokenKind::Identifier);
  EXPECT_EQ(t[2].text, "B");
  EXPECT_EQ(t[3].kind, TokenKind::Value);
  EXPECT_EQ(t[3].text, "aa");
  EXPECT_EQ(t[6].text, "bb");
  EXPECT_EQ(t[7].text, "cc");
  EXPECT_EQ(t[8].kind, TokenKind::Close);
}

// FF[4] section "Changes from FF[3]": lowercase letters in identifiers are ignored.
TEST(Lexer, LowercaseLettersInIdentifiersAreIgnored) {
  const auto t = tokens("AddBlack[aa]GaMe[1]SiZe[9]");
  ASSERT_EQ(t.size(), 6u);
  EXPECT_EQ(t[0].text, "AB");
  EXPECT_EQ(t[2].text, "GM");
  EXPECT_EQ(t[4].text, "SZ");
}

TEST(Lexer, AllLowercaseIdentifierIsUppercased) {
  const auto t = tokens("b[aa]ab[cc]");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[0].text, "B");
  EXPECT_EQ(t[2].text, "AB");
}

TEST(Lexer, ValuesKeepEscapesRaw) {
  const auto t = tokens(R"(C[a \] b \\]GN[x])");
  ASSERT_EQ(t.size(), 4u);
  EXPECT_EQ(t[1].text, R"(a \] b \\)");
  EXPECT_EQ(t[3].text, "x");
}

TEST(Lexer, PositionsCountLinesForLfCrlfAndCr) {
  const auto t = tokens("(;\n B[aa]\r\n  W[bb]\r;C[\nx]B[cc]");
  ASSERT_GE(t.size(), 10u);
  EXPECT_EQ(t[2].position, (SourcePos{2, 2}));  // B
  EXPECT_EQ(t[4].position, (SourcePos{3, 3}));  // W
  EXPECT_EQ(t[6].position, (SourcePos{4, 1}));  // ;
  EXPECT_EQ(t[9].position, (SourcePos{5, 3}));  // B after a value spanning a line break
}

TEST(Lexer, UnterminatedValueNamesItsOpeningBracket) {
  Lexer lexer("(;\nC[never closed \\]");
  for (int i = 0; i < 3; ++i) ASSERT_TRUE(lexer.next());
  auto token = lexer.next();
  ASSERT_FALSE(token);
  EXPECT_EQ(token.error().where, "line 2, column 2");
  EXPECT_EQ(token.error().message,
            "unterminated property value: expected ']' before the end of the file");
}

TEST(Lexer, StrayCharacterIsAnError) {
  Lexer lexer("(;B[aa] 5");
  for (int i = 0; i < 4; ++i) ASSERT_TRUE(lexer.next());
  auto token = lexer.next();
  ASSERT_FALSE(token);
  EXPECT_EQ(
      token.error().toString(),
      "line 1, column 9: unexpected '5': expected a property identifier, '[', ';', '(' or ')'");
}

TEST(Lexer, SkipsTextBeforeTheFirstGameTree) {
  Lexer lexer("From: someone (not a tree)\n( ;B[aa])");
  ASSERT_TRUE(lexer.skipToGameTree());
  EXPECT_EQ(lexer.position(), (SourcePos{2, 1}));
  Lexer empty("no tree here (at all)");
  EXPECT_FALSE(empty.skipToGameTree());
}

TEST(Lexer, DescribesControlBytesInHex) {
  EXPECT_EQ(describeByte('x'), "'x'");
  EXPECT_EQ(describeByte('\''), "\"'\"");
  EXPECT_EQ(describeByte('\x07'), "byte 0x07");
  EXPECT_EQ(describeByte('\xc3'), "byte 0xc3");
}

}  // namespace
}  // namespace tengen::sgf
