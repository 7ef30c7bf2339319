// Rated games on the site (site/ratings/game_rating.h, docs/protocol.md "Players"): a rated
// game between registered accounts changes both ratings once, visible at /api/players/{name};
// guests, games without a clock and unrated tables are not rated; a restart never rates twice.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

class SiteRatings : public SiteFixture {
 protected:
  json::object profile(const std::string& name) {
    const auto reply = get("/api/players/" + name);
    EXPECT_EQ(reply.status, 200) << reply.body;
    return json::parse(reply.body).as_object();
  }
  // The player's overall rating as /api/players shows it, once the ending's write landed.
  json::object overall(const std::string& name, int64_t games) {
    for (int i = 0; i < 100; ++i) {
      json::object p = profile(name);
      json::object r = p.at("ratings").at("overall").as_object();
      if (r.at("games").as_int64() == games) return r;
      std::this_thread::sleep_for(20ms);
    }
    ADD_FAILURE() << name << " never reached " << games
                  << " games: " << json::serialize(profile(name));
    return {};
  }
  void resign(SiteClient& loser, int64_t game) {
    const json::object reply = command(loser, game, "resign");
    ASSERT_EQ(verdict(reply), "ok") << json::serialize(reply);
  }
};

TEST_F(SiteRatings, ARatedGameMovesBothPlayersInEveryCategoryOnce) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, liveTable());
  play(*alice, *bob, game, "B E5 W C3");
  resign(*bob, game);
  const json::object a = overall("alice", 1);
  const json::object b = overall("bob", 1);
  EXPECT_GT(a.at("rating").as_double(), 1500);
  EXPECT_LT(b.at("rating").as_double(), 1500);
  EXPECT_LT(a.at("deviation").as_double(), 350);
  EXPECT_EQ(a.at("provisional"), true);
  const json::object ratings = profile("alice").at("ratings").as_object();
  for (const char* category : {"overall", "live", "9x9", "9x9-live"}) {
    EXPECT_TRUE(ratings.contains(category)) << category << " in " << json::serialize(ratings);
  }
  EXPECT_EQ(profile("alice").at("history").as_array().size(), 4u);
  // A restart replays the finished game and rewrites nothing.
  restart();
  EXPECT_EQ(overall("alice", 1).at("rating"), a.at("rating"));
}

TEST_F(SiteRatings, GuestsUntimedAndUnratedTablesAreNotRated) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto visitor = connect(guest());
  int64_t game = startGame(*alice, *visitor, liveTable());
  resign(*visitor, game);
  json::object untimed = liveTable();
  untimed["time"] = json::object{{"kind", "none"}};
  game = startGame(*alice, *bob, untimed);
  resign(*bob, game);
  json::object unrated = liveTable();
  unrated["rated"] = false;
  game = startGame(*alice, *bob, unrated);
  resign(*bob, game);
  // The last one is rated, so once it shows, the others would have too.
  game = startGame(*alice, *bob, liveTable());
  resign(*alice, game);
  EXPECT_LT(overall("alice", 1).at("rating").as_double(), 1500);
  EXPECT_GT(overall("bob", 1).at("rating").as_double(), 1500);
  EXPECT_EQ(profile("alice").at("history").as_array().size(), 4u) << "one rated game, 4 categories";
}

TEST_F(SiteRatings, APlayersGamesArePagedAndFilteredBySize) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  for (int i = 0; i < 3; ++i) resign(*bob, startGame(*alice, *bob, liveTable()));
  json::object nineteen = liveTable();
  nineteen["size"] = 19;
  const int64_t last = startGame(*alice, *bob, nineteen);
  resign(*alice, last);
  json::object list;
  for (int i = 0; i < 100; ++i) {
    list = json::parse(get("/api/players/bob/games").body).as_object();
    if (list.at("games").as_array().size() == 4) break;
    std::this_thread::sleep_for(20ms);
  }
  ASSERT_EQ(list.at("games").as_array().size(), 4u) << json::serialize(list);
  const json::object newest = list.at("games").at(0).as_object();
  EXPECT_EQ(newest.at("id"), last);
  EXPECT_EQ(newest.at("result"), "W+R") << "alice, Black, resigned";
  EXPECT_EQ(newest.at("black").at("name"), "alice");
  EXPECT_EQ(newest.at("rated"), true);
  EXPECT_EQ(list.at("more"), false);
  const auto nines = json::parse(get("/api/players/bob/games?size=9&page=0").body);
  EXPECT_EQ(nines.at("games").as_array().size(), 3u);
  EXPECT_EQ(json::parse(get("/api/players/bob/games?page=1").body).at("games").as_array().size(),
            0u);
  EXPECT_EQ(get("/api/players/bob/games?size=x").status, 400);
  EXPECT_EQ(get("/api/players/nobody/games").status, 404);
}

TEST_F(SiteRatings, UnknownPlayersAre404AndNewcomersShowAProvisionalRank) {
  EXPECT_EQ(get("/api/players/nobody").status, 404);
  EXPECT_EQ(get("/api/players/bad%zz").status, 404);
  registered("dan-the-man");
  EXPECT_EQ(get("/api/players/dan%2Dthe%2Dman").status, 200) << "names are percent-decoded";
  registered("carol");
  const json::object carol = profile("carol");
  EXPECT_EQ(carol.at("rank"), "6k?");
  EXPECT_EQ(carol.at("ratings").at("overall").at("games"), 0);
  EXPECT_EQ(carol.at("ratings").at("overall").at("rating"), 1500);
}

TEST_F(SiteRatings, TheRatedOptionMustBeABoolean) {
  auto alice = connect(registered("alice"));
  json::object fields = liveTable();
  fields["type"] = "create_table";
  fields["rated"] = "yes";
  const json::object reply = alice->request(fields);
  EXPECT_EQ(text(reply, "code"), "bad_request") << json::serialize(reply);
  EXPECT_NE(json::serialize(reply).find("rated"), std::string::npos) << json::serialize(reply);
}

}  // namespace
}  // namespace tengen::site::test
