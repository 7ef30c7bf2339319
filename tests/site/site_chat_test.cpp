// Spectators follow the game; players do not read the spectators' chat while it runs
// (docs/protocol.md, "Events": chat).

#include <boost/json/serialize.hpp>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteChatTest : public SiteFixture {};

TEST_F(SiteChatTest, SpectatorsSeeMovesAndChatChannelsStayApart) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const TestUser carolUser = guest();
  auto carol = connect(carolUser);
  auto dave = connectAnonymous();
  const int64_t game = startGame(*alice, *bob, {});
  EXPECT_EQ(text(stateOf(*carol, game), "you"), "spectator");
  EXPECT_EQ(text(stateOf(*dave, game), "you"), "spectator");

  play(*alice, *bob, game, "B E5");
  auto move = dave->event(game, 2);
  ASSERT_TRUE(move);
  EXPECT_EQ(text(move->at("event").as_object(), "point"), "E5");
  ASSERT_TRUE(carol->event(game, 2));

  json::object said = command(*carol, game, "chat", {{"text", "nice shape"}});
  ASSERT_EQ(verdict(said), "ok") << json::serialize(said);
  const int64_t version = integer(said, "version");
  auto seenByDave = dave->event(game, version);
  ASSERT_TRUE(seenByDave);
  const json::object& spectatorView = seenByDave->at("event").as_object();
  EXPECT_EQ(text(spectatorView, "channel"), "spectators");
  EXPECT_EQ(text(spectatorView, "text"), "nice shape");
  auto seenByAlice = alice->event(game, version);
  ASSERT_TRUE(seenByAlice);
  const json::object& playerView = seenByAlice->at("event").as_object();
  EXPECT_EQ(text(playerView, "channel"), "spectators");
  EXPECT_TRUE(playerView.at("hidden").as_bool());
  EXPECT_FALSE(playerView.contains("text")) << json::serialize(playerView);
  // Nor does a player's fresh game_state carry it.
  EXPECT_EQ(json::serialize(stateOf(*bob, game)).find("nice shape"), std::string::npos);

  json::object players = command(*bob, game, "chat", {{"text", "good luck"}});
  ASSERT_EQ(verdict(players), "ok");
  auto toCarol = carol->event(game, integer(players, "version"));
  ASSERT_TRUE(toCarol);
  EXPECT_EQ(text(toCarol->at("event").as_object(), "channel"), "players");
  EXPECT_EQ(text(toCarol->at("event").as_object(), "text"), "good luck");

  EXPECT_EQ(text(command(*dave, game, "chat", {{"text", "hi"}}), "code"), "not_logged_in");

  // unwatch stops the pushes to that socket only.
  ASSERT_EQ(verdict(dave->request({{"type", "unwatch"}, {"gameId", game}})), "ok");
  dave->drain();
  json::object moved = command(*bob, game, "move", {{"point", "C3"}});
  ASSERT_EQ(verdict(moved), "ok");
  EXPECT_TRUE(carol->event(game, integer(moved, "version")));
  EXPECT_FALSE(dave->event(game, integer(moved, "version"), 300ms));
}

}  // namespace
}  // namespace tengen::site::test
