// A commit announced on a game's channel (site/cluster/committed_codec.h): the events come
// back byte for byte; a bare version (an older node's announcement) is a Committed without
// events; anything out of order or beyond its version is refused, so the follower reads the
// store instead.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include <string>

#include "site/cluster/committed_codec.h"
#include "site/rooms/room_request.h"

namespace tengen::site {
namespace {

namespace json = boost::json;

std::optional<Committed> decode(const std::string& text) {
  if (text.empty() || text.front() != '{') return decodeCommitted(7, text, nullptr);
  json::value parsed = json::parse(text);
  return decodeCommitted(7, text, &parsed.as_object());
}

TEST(CommittedCodec, EventsComeBackByteForByte) {
  const Committed sent{7,
                       12,
                       {{7, 11, "move", R"({"colour":"black","point":"D4","ms":0})", 1796000000000},
                        {7, 12, "chat", "{\"text\":\"Привет \\\"мир\\\"\\n\"}", 1796000000500}}};
  const auto received = decode(encodeCommitted(sent));
  ASSERT_TRUE(received);
  EXPECT_EQ(received->gameId, 7);
  EXPECT_EQ(received->version, 12);
  EXPECT_EQ(received->events, sent.events);
}

TEST(CommittedCodec, ABareVersionIsACommitWithoutEvents) {
  const auto received = decode("42");
  ASSERT_TRUE(received);
  EXPECT_EQ(received->version, 42);
  EXPECT_TRUE(received->events.empty());
  EXPECT_FALSE(decode("42x"));
  EXPECT_FALSE(decode(""));
}

TEST(CommittedCodec, AnythingAnOwnerDoesNotSendIsRefused) {
  // Out of order, past the version, short of it, a row of the wrong shape.
  EXPECT_FALSE(decode(R"({"committed":3,"events":[[3,"move","{}",1],[2,"move","{}",1]]})"));
  EXPECT_FALSE(decode(R"({"committed":3,"events":[[4,"move","{}",1]]})"));
  EXPECT_FALSE(decode(R"({"committed":3,"events":[[2,"move","{}",1]]})"));
  EXPECT_FALSE(decode(R"({"committed":3,"events":[[3,"move",{},1]]})"));
  EXPECT_FALSE(decode(R"({"committed":3,"events":[[3,"move","{}"]]})"));
  EXPECT_FALSE(decode(R"({"committed":"3","events":[]})"));
  EXPECT_FALSE(decode(R"({"committed":3})"));
  EXPECT_TRUE(decode(R"({"committed":3,"events":[]})"));
}

// How a typed caller hears a room's text answer (room_request.h): what a bot driver or
// automatch gets when its command went to another node.
TEST(RoomOutcome, TextAnswersComeBackTyped) {
  const Outcome ok = outcomeOf(R"({"type":"ok","id":null,"version":9})", ReplyKind::Ok);
  ASSERT_TRUE(ok);
  EXPECT_EQ(ok->version, 9);
  const Outcome joined =
      outcomeOf(R"({"type":"joined","id":null,"game":{"id":5}})", ReplyKind::Joined);
  ASSERT_TRUE(joined);
  EXPECT_EQ(joined->game.at("id"), 5);
  const Outcome refused =
      outcomeOf(R"({"type":"error","id":null,"code":"illegal_move","message":"ko","reason":"ko"})",
                ReplyKind::Ok);
  ASSERT_FALSE(refused);
  EXPECT_EQ(refused.error().code, "illegal_move");
  EXPECT_EQ(refused.error().reason, "ko");
  EXPECT_EQ(outcomeOf("not json", ReplyKind::Ok).error().code, "internal_error");
}

TEST(RoomOutcome, TheTextOfAnOutcomeIsTheProtocolsReply) {
  Reply ok{ReplyKind::Ok, 5, 9, {}};
  EXPECT_EQ(*outcomeMessage(ok, json::value(3)), R"({"type":"ok","id":3,"version":9})");
  Reply cancelled{ReplyKind::Cancelled, 5, 9, {}};
  EXPECT_EQ(*outcomeMessage(cancelled, json::value("a")),
            R"({"type":"table_cancelled","id":"a","gameId":5})");
  EXPECT_EQ(outcomeMessage(Reply{ReplyKind::None, 5, 9, {}}, nullptr), nullptr);
  const Outcome refused =
      std::unexpected(game::CommandError{"stale_version", "the game is at version 9", ""});
  EXPECT_EQ(
      *outcomeMessage(refused, json::value(4)),
      R"({"type":"error","id":4,"code":"stale_version","message":"the game is at version 9"})");
}

}  // namespace
}  // namespace tengen::site
