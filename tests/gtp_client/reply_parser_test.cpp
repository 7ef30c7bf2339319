// GtpReplyParser: replies as GTP 2 (sections 2.6, 2.10) lets engines write them, in any
// split, and what is not GTP.
#include "gtp/gtp_reply_parser.h"

#include <gtest/gtest.h>

namespace tengen::gtp {
namespace {

// Feeds `bytes` in pieces of `piece` bytes and collects every complete reply as
// "=id:text" / "?id:text" (id empty when absent), or "error: ..." at the first error.
std::vector<std::string> parseAll(std::string_view bytes, std::size_t piece = 1 << 20,
                                  std::size_t maxBytes = 64 * 1024) {
  GtpReplyParser parser(maxBytes);
  std::vector<std::string> out;
  for (std::size_t at = 0; at < bytes.size(); at += piece) {
    parser.feed(bytes.substr(at, piece));
    for (;;) {
      auto next = parser.next();
      if (!next) {
        out.push_back("error: " + next.error());
        return out;
      }
      if (!*next) break;
      const ParsedReply& reply = **next;
      out.push_back(std::string(reply.success ? "=" : "?") +
                    (reply.id ? std::to_string(*reply.id) : "") + ":" + reply.text);
    }
  }
  return out;
}

using Replies = std::vector<std::string>;

TEST(ReplyParser, SuccessAndFailureWithAndWithoutIds) {
  EXPECT_EQ(parseAll("= C3\n\n?2 illegal move\n\n=17 GNU Go\n\n"),
            (Replies{"=:C3", "?2:illegal move", "=17:GNU Go"}));
}

TEST(ReplyParser, EmptyReplies) {
  EXPECT_EQ(parseAll("=\n\n=3\n\n= \n\n?\n\n"), (Replies{"=:", "=3:", "=:", "?:"}));
}

TEST(ReplyParser, MultiLineReplyKeepsInnerNewlines) {
  EXPECT_EQ(parseAll("=4 first\nsecond\n third\n\n"), (Replies{"=4:first\nsecond\n third"}));
  EXPECT_EQ(parseAll("= \n A B\n1 .\n\n"), (Replies{"=:\n A B\n1 ."}));
}

TEST(ReplyParser, ByteByByteGivesTheSameReplies) {
  const std::string bytes = "=1 name\n\n?2 unknown command\n\n=3 a\nb\n\n=4\n\n";
  const Replies whole = parseAll(bytes);
  EXPECT_EQ(whole.size(), 4u);
  for (std::size_t piece = 1; piece <= bytes.size(); ++piece) {
    EXPECT_EQ(parseAll(bytes, piece), whole) << "pieces of " << piece;
  }
}

TEST(ReplyParser, CarriageReturnsAreDropped) {
  EXPECT_EQ(parseAll("=1 C3\r\n\r\n= a\r\nb\r\n\r\n"), (Replies{"=1:C3", "=:a\nb"}));
  // Split between CR and LF.
  EXPECT_EQ(parseAll("=1 C3\r\n\r\n", 1), (Replies{"=1:C3"}));
}

TEST(ReplyParser, BlankLinesBetweenRepliesAreSkipped) {
  EXPECT_EQ(parseAll("\n\n=1 a\n\n\n\n=2 b\n\n"), (Replies{"=1:a", "=2:b"}));
}

TEST(ReplyParser, IncompleteReplyWaits) {
  GtpReplyParser parser(1024);
  parser.feed("=1 C3\n");
  auto next = parser.next();
  ASSERT_TRUE(next.has_value());
  EXPECT_FALSE(next->has_value());
  EXPECT_TRUE(parser.hasPendingText());
  parser.feed("\n");
  next = parser.next();
  ASSERT_TRUE(next.has_value() && next->has_value());
  EXPECT_EQ((*next)->text, "C3");
  EXPECT_FALSE(parser.hasPendingText());
}

TEST(ReplyParser, TextThatIsNotGtpFailsAtItsFirstByte) {
  EXPECT_EQ(parseAll("hello\n\n"), (Replies{"error: text that is not GTP: \"hello\""}));
  // Known before the line is complete.
  GtpReplyParser parser(1024);
  parser.feed("h");
  EXPECT_FALSE(parser.next().has_value());
}

TEST(ReplyParser, StatusMustBeFollowedByBlankOrNewline) {
  EXPECT_EQ(parseAll("=C3\n\n"), (Replies{"error: text that is not GTP: \"=C3\""}));
  EXPECT_EQ(parseAll("=12abc\n\n"), (Replies{"error: text that is not GTP: \"=12abc\""}));
}

TEST(ReplyParser, ReplyAfterAGoodOneCanStillBeGarbage) {
  EXPECT_EQ(parseAll("=1 ok\n\nWARNING: low memory\n\n"),
            (Replies{"=1:ok", "error: text that is not GTP: \"WARNING: low memory\""}));
}

TEST(ReplyParser, NulByteIsAnError) {
  using namespace std::string_literals;
  EXPECT_EQ(parseAll("=1 C\0003\n\n"s), (Replies{"error: a NUL byte in its reply"}));
}

TEST(ReplyParser, ReplyOverTheCapIsAnError) {
  const std::string huge = "= " + std::string(2000, 'x');
  EXPECT_EQ(parseAll(huge, 100, 1000), (Replies{"error: a reply longer than 1000 bytes"}));
  // Complete but too long.
  EXPECT_EQ(parseAll(huge + "\n\n", 1 << 20, 1000),
            (Replies{"error: a reply longer than 1000 bytes"}));
  // At the cap is fine.
  EXPECT_EQ(parseAll("= " + std::string(998, 'x') + "\n\n", 7, 1000).size(), 1u);
}

TEST(ReplyParser, OverlongIdIsAnError) {
  EXPECT_EQ(parseAll("=123456789012345678901 a\n\n"),
            (Replies{"error: an id that is too long: \"123456789012345678901\""}));
}

TEST(ReplyParser, ErrorsAreSticky) {
  GtpReplyParser parser(1024);
  parser.feed("oops\n\n");
  EXPECT_FALSE(parser.next().has_value());
  parser.feed("=1 fine\n\n");
  EXPECT_FALSE(parser.next().has_value());
}

TEST(QuoteForMessage, EscapesAndTruncates) {
  EXPECT_EQ(quoteForMessage("a\"b\\c\n\x01\xff"), "\"a\\\"b\\\\c\\n\\x01\\xff\"");
  EXPECT_EQ(quoteForMessage("abcdef", 3), "\"abc\"...");
}

}  // namespace
}  // namespace tengen::gtp
