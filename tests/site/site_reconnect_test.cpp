// Reconnection with sinceVersion and a server restart mid-game: nothing is lost, nothing is
// repeated (docs/protocol.md, "watch"; a restart rebuilds every live game from its log).

#include <boost/json/serialize.hpp>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteReconnectTest : public SiteFixture {};

TEST_F(SiteReconnectTest, SinceVersionGivesExactlyTheMissedEvents) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {});
  play(*alice, *bob, game, "B E5 W C3");

  auto carol = connectAnonymous();
  json::object first = stateOf(*carol, game);
  const int64_t seen = integer(first, "version");
  carol.reset();  // the socket drops

  play(*alice, *bob, game, "B D4 W pass B G7");
  carol = connectAnonymous();
  json::object again =
      carol->request({{"type", "watch"}, {"gameId", game}, {"sinceVersion", seen}});
  ASSERT_EQ(text(again, "type"), "game_state") << json::serialize(again);
  EXPECT_EQ(integer(again, "version"), seen + 3);
  const json::array& events = again.at("events").as_array();
  ASSERT_EQ(events.size(), 3u) << json::serialize(again);
  const char* kinds[] = {"move", "pass", "move"};
  for (std::size_t i = 0; i < events.size(); ++i) {
    const json::object& e = events[i].as_object();
    EXPECT_EQ(text(e, "type"), "game_event");
    EXPECT_EQ(integer(e, "version"), seen + 1 + static_cast<int64_t>(i));
    EXPECT_EQ(text(e.at("event").as_object(), "kind"), kinds[i]);
  }
  EXPECT_EQ(text(events[2].at("event").as_object(), "point"), "G7");
  // The last missed event's state is the current one.
  EXPECT_EQ(text(events[2].at("state").as_object(), "board"),
            text(again.at("state").as_object(), "board"));

  // Up to date: no events; and pushes continue after the reconnect.
  json::object current =
      carol->request({{"type", "watch"}, {"gameId", game}, {"sinceVersion", seen + 3}});
  EXPECT_TRUE(current.at("events").as_array().empty());
  play(*alice, *bob, game, "W H2");
  EXPECT_TRUE(carol->event(game, seen + 4));
}

TEST_F(SiteReconnectTest, RestartMidGameContinuesFromTheSameVersion) {
  const TestUser aliceUser = guest();
  const TestUser bobUser = guest();
  int64_t game = 0;
  int64_t openTable = 0;
  json::object before;
  {
    auto alice = connect(aliceUser);
    auto bob = connect(bobUser);
    game = startGame(*alice, *bob, {{"time", {{"kind", "absolute"}, {"mainSeconds", 600}}}});
    play(*alice, *bob, game, "B E5 W C3 B D4");
    before = stateOf(*alice, game);
    openTable = createTable(*bob, {{"size", 13}});
  }
  restart();
  EXPECT_EQ(resumed_, 2);  // the game in play and the open table

  auto alice = connect(aliceUser);
  auto bob = connect(bobUser);
  json::object after = stateOf(*bob, game);
  // The resumed game's next event is the clock_restart that forgives the downtime, logged so
  // that later replays forgive it too; the watch may come just before or just after it.
  const int64_t restartVersion = integer(before, "version") + 1;
  if (integer(after, "version") < restartVersion) {
    auto restarted = bob->event(game, restartVersion);
    ASSERT_TRUE(restarted);
    EXPECT_EQ(text(restarted->at("event").as_object(), "kind"), "clock_restart");
    after = stateOf(*bob, game);
  }
  EXPECT_EQ(integer(after, "version"), restartVersion);
  EXPECT_EQ(text(after.at("state").as_object(), "board"),
            text(before.at("state").as_object(), "board"));
  EXPECT_EQ(text(after, "you"), "white");
  stateOf(*alice, game);
  play(*alice, *bob, game, "W F6 B pass");
  json::object last = stateOf(*alice, game);
  EXPECT_EQ(integer(last, "version"), integer(before, "version") + 3);
  EXPECT_EQ(integer(last.at("state").as_object(), "moveNumber"), 5);

  json::object lobby = alice->request({{"type", "lobby_subscribe"}});
  ASSERT_EQ(text(lobby, "type"), "lobby");
  ASSERT_EQ(lobby.at("tables").as_array().size(), 1u) << json::serialize(lobby);
  EXPECT_EQ(integer(lobby.at("tables").as_array()[0].as_object(), "id"), openTable);
  ASSERT_EQ(lobby.at("games").as_array().size(), 1u);
  EXPECT_EQ(integer(lobby.at("games").as_array()[0].as_object(), "moveNumber"), 5);
  json::object joined = alice->request({{"type", "join_table"}, {"gameId", openTable}});
  EXPECT_EQ(text(joined, "type"), "joined") << json::serialize(joined);
}

}  // namespace
}  // namespace tengen::site::test
