// Engines that misbehave lose on the spot, and no engine stalls the server
// (docs/protocol.md, "Bots"). The engines are tests/site/engines/bad_engine.py in its modes.
#include <gtest/gtest.h>

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "site_bot_test_support.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteBotForfeit : public BotSiteFixture {
 protected:
  std::vector<BotSpec> bots() override {
    return {
        gtpBot("Crasher=" + engineScript("crash")),   gtpBot("Babbler=" + engineScript("nonsense")),
        gtpBot("Cheater=" + engineScript("illegal")), gtpBot("Refuser=" + engineScript("refuse")),
        gtpBot("Sleeper=" + engineScript("hang")),    quickBuiltin("Tengen Quick", 30)};
  }

  // The human (black) plays `point`; the engine (white) answers; returns the forfeit event.
  json::object forfeitAfter(const std::string& bot, const std::string& point,
                            const std::string& expectedResult = "B+F") {
    auto human = connect(guest());
    const int64_t gameId =
        challengeOk(*human, bot, {{"size", 9}, {"rules", "chinese"}, {"colour", "black"}});
    human->request({{"type", "watch"}, {"gameId", gameId}});
    EXPECT_EQ(verdict(command(*human, gameId, "move", {{"point", point}})), "ok");
    auto forfeit = eventOfKind(*human, gameId, "forfeit", 20s);
    EXPECT_TRUE(forfeit) << bot << " did not forfeit";
    if (!forfeit) return {};
    auto end = eventOfKind(*human, gameId, "end", 5s);
    EXPECT_TRUE(end);
    if (end) {
      EXPECT_EQ(text(end->at("event").as_object(), "result"), expectedResult);
    }
    EXPECT_EQ(text(storedGame(port_, gameId), "result"), expectedResult);
    EXPECT_NE(get("/api/games/" + std::to_string(gameId) + "/sgf").body.find("RE[B+F]"),
              std::string::npos);
    // Whoever opens the game later finds the reason in its state, as the event gave it.
    auto latecomer = connect(guest());
    json::object watched = latecomer->request({{"type", "watch"}, {"gameId", gameId}});
    const json::object& event = forfeit->at("event").as_object();
    const json::value* stated = watched["state"].as_object().if_contains("forfeit");
    EXPECT_TRUE(stated && stated->is_object()) << json::serialize(watched);
    if (stated && stated->is_object()) {
      for (const char* key : {"colour", "reason", "detail"}) {
        EXPECT_EQ(text(stated->as_object(), key), text(event, key)) << key;
      }
    }
    return event;
  }
};

TEST_F(SiteBotForfeit, AnEngineThatCrashesLoses) {
  json::object event = forfeitAfter("Crasher", "E5");
  EXPECT_EQ(text(event, "colour"), "white");
  EXPECT_EQ(text(event, "reason"), "engine_exited") << json::serialize(event);
  EXPECT_NE(text(event, "detail").find("Crasher"), std::string::npos) << text(event, "detail");
}

TEST_F(SiteBotForfeit, AnEngineThatAnswersNonsenseLoses) {
  json::object event = forfeitAfter("Babbler", "E5");
  EXPECT_EQ(text(event, "reason"), "engine_protocol") << json::serialize(event);
}

TEST_F(SiteBotForfeit, AnEngineThatPlaysAnIllegalMoveLoses) {
  json::object event = forfeitAfter("Cheater", "A1");
  EXPECT_EQ(text(event, "reason"), "engine_illegal_move") << json::serialize(event);
  EXPECT_NE(text(event, "detail").find("A1"), std::string::npos) << text(event, "detail");
  EXPECT_NE(text(event, "detail").find("occupied"), std::string::npos) << text(event, "detail");
}

TEST_F(SiteBotForfeit, AnEngineThatRefusesASetupCommandLoses) {
  json::object event = forfeitAfter("Refuser", "E5");
  EXPECT_EQ(text(event, "reason"), "engine_protocol") << json::serialize(event);
  EXPECT_NE(text(event, "detail").find("unacceptable size"), std::string::npos)
      << text(event, "detail");
}

TEST_F(SiteBotForfeit, AHungEngineLosesOnTimeWhileOtherGamesGoOn) {
  auto human = connect(guest());
  const int64_t hung = challengeOk(*human, "Sleeper",
                                   {{"size", 9},
                                    {"rules", "chinese"},
                                    {"colour", "black"},
                                    {"time", {{"kind", "absolute"}, {"mainSeconds", 2}}}});
  human->request({{"type", "watch"}, {"gameId", hung}});
  ASSERT_EQ(verdict(command(*human, hung, "move", {{"point", "E5"}})), "ok");

  // Meanwhile another game against the built-in bot proceeds.
  auto other = connect(guest());
  const int64_t lively =
      challengeOk(*other, "Tengen Quick", {{"size", 9}, {"rules", "chinese"}, {"colour", "black"}});
  other->request({{"type", "watch"}, {"gameId", lively}});
  ASSERT_EQ(verdict(command(*other, lively, "move", {{"point", "E5"}})), "ok");
  ASSERT_TRUE(eventOfKind(*other, lively, "move", 10s));  // mine
  ASSERT_TRUE(eventOfKind(*other, lively, "move", 30s));  // the bot's answer

  auto end = eventOfKind(*human, hung, "end", 20s);
  ASSERT_TRUE(end) << "the hung engine's game did not end";
  const std::string result = text(end->at("event").as_object(), "result");
  EXPECT_TRUE(result == "B+T" || result == "B+F") << result;
}

}  // namespace
}  // namespace tengen::site::test
