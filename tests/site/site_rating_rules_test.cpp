// The rated-game rules a site test must see end to end (docs/protocol.md "Players"): a game
// lost on time before both players moved twice is unrated, one lost later is rated; a game
// against a bot rates the bot like any account; a record names each player's rank as it stood
// when the game began (SGF BR/WR).

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>
#include <boost/json/value_to.hpp>

#include <string>
#include <thread>

#include "site_bot_test_support.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

json::object absoluteClock(int seconds) {
  return json::object{{"size", 9},
                      {"time", json::object{{"kind", "absolute"}, {"mainSeconds", seconds}}}};
}

// Waits for the game's end; its result.
std::string resultOf(SiteClient& watcher, int64_t game) {
  auto end = watcher.waitFor(
      [game](const json::object& m) {
        return text(m, "type") == "game_event" && integer(m, "gameId") == game &&
               m.at("state").as_object().contains("result") &&
               !text(m.at("state").as_object(), "result").empty();
      },
      10s);
  EXPECT_TRUE(end) << "game " << game << " did not end";
  return end ? text(end->at("state").as_object(), "result") : "";
}

// The value of SGF property `key` in `sgf` ("" when absent).
std::string sgfProperty(const std::string& sgf, const std::string& key) {
  const auto at = sgf.find(key + "[");
  if (at == std::string::npos) return "";
  const auto start = at + key.size() + 1;
  return sgf.substr(start, sgf.find(']', start) - start);
}

// Adds to a site fixture what these tests read back.
template <class Fixture>
class RatingChecks : public Fixture {
 protected:
  // `name`'s overall rating once it counts `games` games (the ending's write follows the
  // broadcast by a moment), or the last one read.
  json::object overallOnceAt(const std::string& name, int64_t games) {
    json::object overall;
    for (int i = 0; i < 200; ++i) {
      const auto reply = this->get("/api/players/" + name);
      EXPECT_EQ(reply.status, 200) << reply.body;
      overall = json::parse(reply.body).at("ratings").at("overall").as_object();
      if (overall.at("games").as_int64() == games) break;
      std::this_thread::sleep_for(20ms);
    }
    EXPECT_EQ(overall.at("games").as_int64(), games) << name << ": " << json::serialize(overall);
    return overall;
  }
  std::string rankOf(const std::string& name) {
    return json::value_to<std::string>(
        json::parse(this->get("/api/players/" + name).body).at("rank"));
  }
};

class SiteRatingRules : public RatingChecks<SiteFixture> {};

TEST_F(SiteRatingRules, ATimeoutBeforeBothMovedTwiceIsUnratedALaterOneIsRated) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  // Black never moves: lost on time at move 0.
  const int64_t early = startGame(*alice, *bob, absoluteClock(1));
  EXPECT_EQ(resultOf(*alice, early), "W+T");
  // Both move twice, then Black lets the clock run out.
  const int64_t later = startGame(*alice, *bob, absoluteClock(2));
  play(*alice, *bob, later, "B E5 W C3 B D4 W F6");
  EXPECT_EQ(resultOf(*alice, later), "W+T");
  // Only the second counts: one game each, Bob up, Alice down.
  EXPECT_GT(overallOnceAt("bob", 1).at("rating").as_double(), 1500);
  EXPECT_LT(overallOnceAt("alice", 1).at("rating").as_double(), 1500);
  const auto games = json::parse(get("/api/players/alice/games").body).at("games").as_array();
  ASSERT_EQ(games.size(), 2u);
  EXPECT_EQ(games.at(0).at("id"), later);
  EXPECT_EQ(games.at(0).at("rated"), true);
  EXPECT_EQ(games.at(1).at("rated"), false) << "lost on time at move 0";
}

TEST_F(SiteRatingRules, TheRecordNamesTheRanksAtTheStartAndNoneForGuests) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto visitor = connect(guest());
  json::object clocked = absoluteClock(600);
  const int64_t first = startGame(*alice, *bob, clocked);
  ASSERT_EQ(verdict(command(*bob, first, "resign")), "ok");
  overallOnceAt("alice", 1);
  overallOnceAt("bob", 1);
  const std::string aliceRank = rankOf("alice");
  const std::string bobRank = rankOf("bob");
  ASSERT_NE(aliceRank, bobRank) << "a win and a loss part the two newcomers";

  const int64_t second = startGame(*bob, *alice, clocked);
  const std::string sgf = get("/api/games/" + std::to_string(second) + "/sgf").body;
  EXPECT_EQ(sgfProperty(sgf, "PB"), "bob");
  EXPECT_EQ(sgfProperty(sgf, "BR"), bobRank) << sgf;
  EXPECT_EQ(sgfProperty(sgf, "WR"), aliceRank) << sgf;
  // The first game's record keeps the ranks of its start: two newcomers.
  const std::string old = get("/api/games/" + std::to_string(first) + "/sgf").body;
  EXPECT_EQ(sgfProperty(old, "BR"), "6k?") << old;
  EXPECT_EQ(sgfProperty(old, "WR"), "6k?") << old;
  // A guest has no rank to name.
  const int64_t third = startGame(*alice, *visitor, clocked);
  const std::string mixed = get("/api/games/" + std::to_string(third) + "/sgf").body;
  EXPECT_EQ(sgfProperty(mixed, "BR"), aliceRank) << mixed;
  EXPECT_EQ(mixed.find("WR["), std::string::npos) << mixed;
}

class SiteBotRating : public RatingChecks<BotSiteFixture> {
 protected:
  std::vector<BotSpec> bots() override { return {quickBuiltin("Tengen Quick", 50)}; }
};

TEST_F(SiteBotRating, ARatedGameAgainstABotRatesTheBot) {
  auto human = connect(registered("alice"));
  const int64_t game = challengeOk(*human, "Tengen Quick",
                                   {{"size", 9},
                                    {"colour", "black"},
                                    {"time",
                                     {{"kind", "fischer"},
                                      {"mainSeconds", 300},
                                      {"incrementSeconds", 5},
                                      {"maxSeconds", 600}}}});
  ASSERT_GT(game, 0);
  ASSERT_EQ(verdict(command(*human, game, "resign")), "ok");
  EXPECT_GT(overallOnceAt("Tengen%20Quick", 1).at("rating").as_double(), 1500);
  EXPECT_LT(overallOnceAt("alice", 1).at("rating").as_double(), 1500);
}

}  // namespace
}  // namespace tengen::site::test
