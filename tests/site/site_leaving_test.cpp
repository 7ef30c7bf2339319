// Leaving a game on the real site (docs/protocol.md "Leaving a game"): a player whose last
// socket closes is shown disconnected to everyone watching; after the grace the one who
// stayed may claim the win (rated when the game is) or annul it (unrated); a returning player
// takes that back; an untimed game without a move ends by itself, also after a restart.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

class SiteLeaving : public SiteFixture {
 protected:
  void configure(SiteOptions& options) override {
    options.limits.presenceDebounce = 200ms;
    options.limits.claimGrace = 2s;
    options.limits.untimedInactivityLimit = inactivityLimit_;
  }

  // The presence push in which `colour` is shown connected or not.
  std::optional<json::object> presence(SiteClient& client, int64_t gameId, std::string_view colour,
                                       bool connected) {
    return client.waitFor([&](const json::object& m) {
      return text(m, "type") == "presence" && integer(m, "gameId") == gameId &&
             m.at("presence").at(colour).at("connected").as_bool() == connected;
    });
  }

  // Sends `type` until it is accepted, as a player waiting out the grace would; the refusals
  // on the way must all be too_early. Bounded: fails after 20 s.
  json::object claimOnceAllowed(SiteClient& client, int64_t gameId, std::string_view type) {
    for (int i = 0; i < 100; ++i) {
      json::object reply = command(client, gameId, type);
      if (verdict(reply) == "ok") return reply;
      EXPECT_EQ(text(reply, "code"), "too_early") << json::serialize(reply);
      if (text(reply, "code") != "too_early") return reply;
      std::this_thread::sleep_for(200ms);
    }
    ADD_FAILURE() << type << " never accepted";
    return {};
  }

  // The row of `gameId` in the player's list of games, once it shows a result.
  json::object finishedGame(const std::string& player, int64_t gameId) {
    for (int i = 0; i < 200; ++i) {
      const json::object list =
          json::parse(get("/api/players/" + player + "/games").body).as_object();
      for (const json::value& g : list.at("games").as_array()) {
        if (g.at("id") == gameId && g.at("result").as_string() != "") return g.as_object();
      }
      std::this_thread::sleep_for(20ms);
    }
    ADD_FAILURE() << "game " << gameId << " never finished for " << player;
    return {};
  }

  // How many rated games the player's overall rating counts (0 before the first).
  int64_t ratedGames(const std::string& player) {
    const json::object profile = json::parse(get("/api/players/" + player).body).as_object();
    const json::value* overall = profile.at("ratings").as_object().if_contains("overall");
    return overall ? overall->at("games").as_int64() : 0;
  }

  std::chrono::milliseconds inactivityLimit_ = std::chrono::hours(1);
};

TEST_F(SiteLeaving, TheStayerSeesTheAbsenceAndClaimsTheWinAfterTheGrace) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));
  const int64_t game = startGame(*alice, *bob, liveTable());
  const json::object watched = stateOf(*carol, game);
  EXPECT_EQ(watched.at("presence").at("white").at("connected"), true) << json::serialize(watched);
  EXPECT_EQ(watched.at("presence").at("claimGraceMs"), 2000);
  play(*alice, *bob, game, "B E5 W C3 B D4 W F6");

  bob.reset();  // Bob's tab closes
  const auto seen = presence(*alice, game, "white", false);
  ASSERT_TRUE(seen) << "alice was not told bob left";
  EXPECT_EQ(seen->at("presence").at("black").at("connected"), true);
  EXPECT_TRUE(presence(*carol, game, "white", false)) << "the spectator was not told";
  EXPECT_EQ(stateOf(*carol, game).at("presence").at("white").at("connected"), false);

  EXPECT_EQ(text(command(*carol, game, "claim_win"), "code"), "not_a_player");
  const json::object early = command(*alice, game, "claim_win");
  EXPECT_EQ(text(early, "code"), "too_early") << json::serialize(early);

  const json::object claimed = claimOnceAllowed(*alice, game, "claim_win");
  ASSERT_EQ(verdict(claimed), "ok");
  const json::object state = stateOf(*alice, game).at("state").as_object();
  EXPECT_EQ(state.at("result"), "B+F");
  EXPECT_EQ(state.at("endReason"), "abandoned");
  // Both had moved twice: the forfeit is rated, in the transaction that ended the game.
  const json::object row = finishedGame("bob", game);
  EXPECT_EQ(row.at("result"), "B+F");
  EXPECT_EQ(ratedGames("alice"), 1);
  EXPECT_EQ(ratedGames("bob"), 1);
}

TEST_F(SiteLeaving, AnEscapeInTheFirstMovesIsNotRatedAndAnnullingNeverIs) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t early = startGame(*alice, *bob, liveTable());
  play(*alice, *bob, early, "B E5 W C3");
  bob.reset();
  ASSERT_TRUE(presence(*alice, early, "white", false));
  ASSERT_EQ(verdict(claimOnceAllowed(*alice, early, "claim_win")), "ok");
  EXPECT_EQ(finishedGame("alice", early).at("result"), "B+F");
  EXPECT_EQ(ratedGames("alice"), 0) << "one move each: no game";

  bob = connect(registered("bob2"));
  const int64_t annulled = startGame(*alice, *bob, liveTable());
  play(*alice, *bob, annulled, "B E5 W C3 B D4 W F6 B G7");
  alice.reset();
  ASSERT_TRUE(presence(*bob, annulled, "black", false));
  ASSERT_EQ(verdict(claimOnceAllowed(*bob, annulled, "annul")), "ok");
  const json::object row = finishedGame("bob2", annulled);
  EXPECT_EQ(row.at("result"), "Void");
  EXPECT_EQ(ratedGames("bob2"), 0);
}

TEST_F(SiteLeaving, AReturningPlayerTakesTheClaimAway) {
  auto alice = connect(registered("alice"));
  auto bobUser = registered("bob");
  auto bob = connect(bobUser);
  const int64_t game = startGame(*alice, *bob, liveTable());
  bob.reset();
  ASSERT_TRUE(presence(*alice, game, "white", false));
  bob = connect(bobUser);
  stateOf(*bob, game);
  ASSERT_TRUE(presence(*alice, game, "white", true)) << "alice was not told bob is back";
  EXPECT_EQ(text(command(*alice, game, "claim_win"), "code"), "opponent_present");
  EXPECT_EQ(text(command(*alice, game, "annul"), "code"), "opponent_present");
}

TEST_F(SiteLeaving, AnUntimedGameWithoutAMoveEndsAnnulledAlsoAfterARestart) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t kept =
      startGame(*alice, *bob, json::object{{"time", json::object{{"kind", "none"}}}});
  play(*alice, *bob, kept, "B E5");
  // The server goes down; when it comes back the game has been idle past a shorter limit:
  // it ends as soon as it is loaded.
  alice.reset();
  bob.reset();
  inactivityLimit_ = 1s;
  std::this_thread::sleep_for(1100ms);  // the idle time the limit must see, not a race
  restart();
  EXPECT_EQ(finishedGame("alice", kept).at("result"), "Void");

  // A live room's timer ends one too.
  alice = connect(registered("alice3"));
  bob = connect(registered("bob3"));
  const int64_t live =
      startGame(*alice, *bob, json::object{{"time", json::object{{"kind", "none"}}}});
  const auto ended = alice->waitFor(
      [&](const json::object& m) {
        return text(m, "type") == "game_event" && integer(m, "gameId") == live &&
               text(m.at("event").as_object(), "kind") == "end";
      },
      10s);
  ASSERT_TRUE(ended);
  EXPECT_EQ(ended->at("state").at("result"), "Void");
  EXPECT_EQ(ended->at("state").at("endReason"), "inactivity");
}

}  // namespace
}  // namespace tengen::site::test
