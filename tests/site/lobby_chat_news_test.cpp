// What the nodes tell each other on the lobby chat's and the moderation's bus channels
// (lobby_chat_wire.h, moderation_news.h): each round-trips, and anything else is refused, so a
// stray or hostile publisher on the bus changes nothing.

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "site/lobby/lobby_chat_wire.h"
#include "site/moderation/moderation_news.h"

namespace tengen::site {
namespace {

TEST(LobbyChatNews, ALineRoundTripsWithItsBytesAndAnythingElseIsRefused) {
  const LobbyChatNews news{"n1", {42, {7, "Ана"}, "\"<b>\"\n\\ сәлем", 1796601600000}};
  const auto decoded = decodeLobbyChatNews(encodeLobbyChatNews(news));
  ASSERT_TRUE(decoded);
  EXPECT_EQ(decoded->node, "n1");
  EXPECT_EQ(decoded->line, news.line);
  for (const std::string& bad : std::vector<std::string>{
           "", "null", "[]", "{", "{\"node\":\"n1\"}",
           R"({"node":"n1","line":{"id":1,"from":{"id":2},"text":"x","timeMs":3}})",
           R"({"node":"n1","line":{"id":"1","from":{"id":2,"name":"a"},"text":"x","timeMs":3}})",
           R"({"node":1,"line":{"id":1,"from":{"id":2,"name":"a"},"text":"x","timeMs":3}})",
           R"({"node":"n1","line":{"id":1,"from":{"id":2,"name":"a"},"text":7,"timeMs":3}})"}) {
    EXPECT_FALSE(decodeLobbyChatNews(bad)) << bad;
  }
}

TEST(ModerationNews, EachKindRoundTripsAndAnythingElseIsRefused) {
  const std::vector<ModerationNews> all{
      {"n1", ModerationNewsKind::Block, 1, 2, 0, "", {}},
      {"n1", ModerationNewsKind::Unblock, 1, 2, 0, "", {}},
      {"n2", ModerationNewsKind::Mute, 3, 0, 1796601600000, "spam \"in\" chat", {}},
      {"n2", ModerationNewsKind::Unmute, 3, 0, 0, "", {}},
      {"n3", ModerationNewsKind::Ban, 4, 0, 0, "", {"key-a", "key-b"}},
  };
  for (const ModerationNews& news : all) {
    EXPECT_EQ(decodeModerationNews(encodeModerationNews(news)), news) << encodeModerationNews(news);
  }
  const std::string good =
      R"({"node":"n1","kind":"ban","userId":4,"otherId":0,"untilMs":0,"reason":"","endedSessions":["k"]})";
  ASSERT_TRUE(decodeModerationNews(good));
  for (
      const std::string& bad : std::vector<std::string>{
          "", "{}", "[1]",
          R"({"node":"n1","kind":"shun","userId":4,"otherId":0,"untilMs":0,"reason":"","endedSessions":[]})",
          R"({"node":"n1","kind":"ban","userId":"4","otherId":0,"untilMs":0,"reason":"","endedSessions":[]})",
          R"({"node":"n1","kind":"ban","userId":4,"otherId":0,"untilMs":0,"reason":"","endedSessions":[1]})",
          R"({"node":"n1","kind":"mute","userId":4,"otherId":0,"untilMs":0.5,"reason":"","endedSessions":[]})",
          R"({"node":"n1","kind":"mute","userId":4,"otherId":0,"untilMs":0,"endedSessions":[]})"}) {
    EXPECT_FALSE(decodeModerationNews(bad)) << bad;
  }
}

}  // namespace
}  // namespace tengen::site
