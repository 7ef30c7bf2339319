// What one user may hold of a bot (docs/protocol.md, "Limits"): one game per bot at a time,
// and an untimed game the human walked away from ends.

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include <thread>

#include "site_bot_test_support.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteBotCaps : public BotSiteFixture {
 protected:
  std::vector<BotSpec> bots() override {
    return {quickBuiltin("Tengen Quick", 50), quickBuiltin("Tengen Other", 50)};
  }
};

TEST_F(SiteBotCaps, OneGamePerUserPerBot) {
  auto alice = connect(guest());
  const json::object table{{"size", 9}, {"rules", "chinese"}, {"colour", "black"}};
  const int64_t first = challengeOk(*alice, "Tengen Quick", table);
  ASSERT_NE(first, 0);
  json::object again = challenge(*alice, "Tengen Quick", table);
  EXPECT_EQ(text(again, "code"), "already_playing_bot") << json::serialize(again);
  // Another bot, and another user, are not affected.
  EXPECT_NE(challengeOk(*alice, "Tengen Other", table), 0);
  auto bob = connect(guest());
  EXPECT_NE(challengeOk(*bob, "Tengen Quick", table), 0);

  // Once the game ends, the bot may be challenged again.
  alice->request({{"type", "watch"}, {"gameId", first}});
  ASSERT_EQ(verdict(command(*alice, first, "resign")), "ok");
  json::object reply;
  for (int attempt = 0; attempt < 250 && text(reply, "type") != "challenge_accepted"; ++attempt) {
    reply = challenge(*alice, "Tengen Quick", table);
    if (text(reply, "type") != "challenge_accepted") std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(text(reply, "type"), "challenge_accepted") << json::serialize(reply);
}

class SiteBotIdle : public SiteBotCaps {
 protected:
  void configure(SiteOptions& options) override {
    SiteBotCaps::configure(options);
    options.limits.botGameIdleLimit = 300ms;
  }
};

TEST_F(SiteBotIdle, AnUntimedGameTheHumanLeftEndsAndFreesTheBot) {
  auto human = connect(guest());
  const json::object table{{"size", 9}, {"rules", "chinese"}, {"colour", "black"}};
  const int64_t gameId = challengeOk(*human, "Tengen Quick", table);
  ASSERT_NE(gameId, 0);
  human->request({{"type", "watch"}, {"gameId", gameId}});
  // Black (the human) never moves.
  auto forfeit = eventOfKind(*human, gameId, "forfeit", 20s);
  ASSERT_TRUE(forfeit) << "the abandoned game did not end";
  const json::object& event = forfeit->at("event").as_object();
  EXPECT_EQ(text(event, "colour"), "black");
  EXPECT_EQ(text(event, "reason"), "abandoned");
  auto end = eventOfKind(*human, gameId, "end", 10s);
  ASSERT_TRUE(end);
  EXPECT_EQ(text(end->at("event").as_object(), "result"), "W+F");
  EXPECT_EQ(text(storedGame(port_, gameId), "result"), "W+F");
}

}  // namespace
}  // namespace tengen::site::test
