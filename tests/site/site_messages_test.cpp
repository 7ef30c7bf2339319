// withId: a push that answers a command gets the command's id after its type, and stays JSON.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include <string>

#include "site/site_messages.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

TEST(SiteMessages, WithIdPutsTheIdRightAfterTheType) {
  EXPECT_EQ(*withId(R"({"type":"game_event","gameId":1,"version":2})", 4),
            R"({"type":"game_event","id":4,"gameId":1,"version":2})");
  EXPECT_EQ(*withId(R"({"type":"ok"})", 4), R"({"type":"ok","id":4})");
}

TEST(SiteMessages, WithIdPutsTheIdFirstWithoutAType) {
  EXPECT_EQ(*withId(R"({"gameId":1})", 4), R"({"id":4,"gameId":1})");
  EXPECT_EQ(*withId("{}", 4), R"({"id":4})");
}

TEST(SiteMessages, WithIdKeepsAnyIdTheClientChoseAsJson) {
  // Ids are the client's: a string with quotes and a comma must not break the message.
  const auto text = withId(R"({"type":"game_event","gameId":1})", json::value("a\",b"));
  const json::value parsed = json::parse(*text);
  EXPECT_EQ(parsed.at("id"), "a\",b");
  EXPECT_EQ(parsed.at("type"), "game_event");
  EXPECT_EQ(parsed.at("gameId"), 1);
  EXPECT_EQ(json::parse(*withId(R"({"type":"ok"})", json::value(nullptr))).at("id"), nullptr);
}

}  // namespace
}  // namespace tengen::site::test
