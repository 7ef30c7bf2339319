// Hostile or broken messages get an error and leave the game exactly as it was.

#include <boost/json/serialize.hpp>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteBadInputTest : public SiteFixture {};

TEST_F(SiteBadInputTest, ErrorsLeaveTheGameUnchanged) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  auto carol = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  play(*alice, *bob, game, "B E5 W C3");
  const json::object before = stateOf(*alice, game);
  auto expectUnchanged = [&](const char* what) {
    const json::object now = stateOf(*carol, game);
    EXPECT_EQ(integer(now, "version"), integer(before, "version")) << what;
    EXPECT_EQ(text(now.at("state").as_object(), "board"),
              text(before.at("state").as_object(), "board"))
        << what;
  };

  auto errorCode = [](SiteClient& client) {
    auto error = client.next("error");
    return error ? text(*error, "code") : std::string("none");
  };
  ASSERT_TRUE(alice->sendText(R"({"type":"move","id":1,"gameId":)" + std::to_string(game)));
  EXPECT_EQ(errorCode(*alice), "bad_json");
  expectUnchanged("malformed JSON");

  ASSERT_TRUE(alice->sendText(R"({"type":"teleport","id":2})"));
  EXPECT_EQ(errorCode(*alice), "unknown_type");
  expectUnchanged("unknown type");

  EXPECT_EQ(text(command(*carol, game, "move", {{"point", "D4"}}), "code"), "not_a_player");
  EXPECT_EQ(text(command(*carol, game, "resign"), "code"), "not_a_player");
  expectUnchanged("someone else's game");

  EXPECT_EQ(text(command(*alice, 987654, "move", {{"point", "D4"}}), "code"), "not_found");
  EXPECT_EQ(text(alice->request({{"type", "watch"}, {"gameId", 987654}}), "code"), "not_found");
  EXPECT_EQ(text(alice->request({{"type", "move"}, {"point", "D4"}}), "code"), "bad_request");
  EXPECT_EQ(text(alice->request({{"type", "move"}, {"gameId", "x"}, {"point", "D4"}}), "code"),
            "bad_request");
  EXPECT_EQ(text(command(*alice, game, "move", {{"point", 42}}), "code"), "bad_request");
  // A resent command carries the version it was meant for: applied once, then stale.
  EXPECT_EQ(text(command(*alice, game, "move",
                         {{"point", "D4"}, {"expectedVersion", integer(before, "version") - 1}}),
                 "code"),
            "stale_version");
  // The same move sent again against the version it was made at (a retry whose answer was
  // lost): answered as accepted at that move's version, and nothing changes.
  const json::object again = command(
      *alice, game, "move", {{"point", "E5"}, {"expectedVersion", integer(before, "version") - 2}});
  EXPECT_EQ(verdict(again), "ok") << json::serialize(again);
  EXPECT_EQ(integer(again, "version"), integer(before, "version") - 1);
  // Only by its player: the opponent sending that move is stale.
  EXPECT_EQ(text(command(*bob, game, "move",
                         {{"point", "E5"}, {"expectedVersion", integer(before, "version") - 2}}),
                 "code"),
            "stale_version");
  expectUnchanged("unknown game, bad fields, stale version");

  // 10 MB: refused and the socket closed with 1008 (policy violation).
  ASSERT_TRUE(bob->sendText(std::string(10 * 1024 * 1024, ' ')));
  EXPECT_EQ(errorCode(*bob), "message_too_big");
  EXPECT_FALSE(bob->socket().receive(2s));
  EXPECT_EQ(bob->socket().closeCode(), 1008);
  expectUnchanged("10 MB message");
}

}  // namespace
}  // namespace tengen::site::test
