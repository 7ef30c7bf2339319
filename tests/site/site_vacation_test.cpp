// Vacations on the real site (docs/protocol.md "Vacation"): a registered player starts and ends
// one over the socket; their correspondence games pause and resume with logged events, their
// live games do not; the profile shows it; a vacation whose bank runs out ends by itself, and
// one under way when the server restarts still pauses the game it reloads.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <thread>

#include "site/site_context.h"
#include "site/vacation/vacation_bank.h"
#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

class SiteVacation : public SiteFixture {
 protected:
  void configure(SiteOptions& options) override { options.aliveInterval = 200ms; }

  // The vacation game_event of `gameId` saying `on`.
  std::optional<json::object> vacationEvent(SiteClient& client, int64_t gameId, bool on,
                                            std::chrono::milliseconds wait = kReplyWait) {
    return client.waitFor(
        [&](const json::object& m) {
          if (text(m, "type") != "game_event" || integer(m, "gameId") != gameId) return false;
          const json::object& event = m.at("event").as_object();
          return text(event, "kind") == "vacation" && event.at("on").as_bool() == on;
        },
        wait);
  }

  // Whether the game's clocks show paused within a few seconds: a room reloaded after a restart
  // pauses them once its first commands have been written.
  bool pausedSoon(SiteClient& client, int64_t gameId) {
    for (int i = 0; i < 50; ++i) {
      if (paused(client, gameId)) return true;
      std::this_thread::sleep_for(50ms);
    }
    return false;
  }

  bool paused(SiteClient& client, int64_t gameId) {
    const json::object state = stateOf(client, gameId).at("state").as_object();
    const json::object& clocks = state.at("clocks").as_object();
    return clocks.contains("paused") && clocks.at("paused").as_bool();
  }
};

TEST_F(SiteVacation, StartingPausesTheCorrespondenceGamesOnlyAndEndingResumesThem) {
  const TestUser aliceUser = registered("alice");
  auto alice = connect(aliceUser);
  auto bob = connect(registered("bob"));
  const int64_t slow = startGame(*alice, *bob, correspondenceTable());
  const int64_t fast = startGame(*alice, *bob, liveTable());

  const json::object before = alice->request({{"type", "vacation_status"}});
  ASSERT_EQ(text(before, "type"), "vacation") << json::serialize(before);
  EXPECT_EQ(before.at("on"), false);
  // A new account: a week, plus what it earned in the milliseconds since it was made.
  EXPECT_NEAR(static_cast<double>(integer(before, "bankMs")), static_cast<double>(kStartBankMs),
              1000.0);
  EXPECT_TRUE(before.at("endsAtMs").is_null());

  const json::object started = alice->request({{"type", "vacation_start"}});
  ASSERT_EQ(text(started, "type"), "vacation") << json::serialize(started);
  EXPECT_EQ(started.at("on"), true);
  EXPECT_NEAR(static_cast<double>(integer(started, "endsAtMs") - integer(started, "serverTimeMs")),
              static_cast<double>(kStartBankMs), 1000.0);
  const auto paused = vacationEvent(*bob, slow, true);
  ASSERT_TRUE(paused) << "bob was not told the game paused";
  EXPECT_EQ(paused->at("event").at("colour"), "black");
  EXPECT_EQ(paused->at("state").at("clocks").at("paused"), true);
  EXPECT_TRUE(this->paused(*bob, slow));
  EXPECT_FALSE(this->paused(*bob, fast));  // a live game's players are at the board

  // Anyone sees it on the profile, with its end.
  const json::object profile = json::parse(get("/api/players/alice").body).as_object();
  EXPECT_EQ(profile.at("vacation").at("endsAtMs"), started.at("endsAtMs"));
  // Moves go on while paused: Black (away) may still play.
  play(*alice, *bob, slow, "B E5 W C3");
  EXPECT_TRUE(this->paused(*bob, slow));

  const json::object ended = alice->request({{"type", "vacation_end"}});
  EXPECT_EQ(ended.at("on"), false) << json::serialize(ended);
  EXPECT_LE(integer(ended, "bankMs"), kStartBankMs + 1000);
  // Ended at once: the hour a vacation costs at least is spent.
  EXPECT_NEAR(static_cast<double>(integer(ended, "bankMs")),
              static_cast<double>(kStartBankMs - kMinimumStartMs), 60'000.0);
  ASSERT_TRUE(vacationEvent(*bob, slow, false)) << "bob was not told the game resumed";
  EXPECT_FALSE(this->paused(*bob, slow));
  EXPECT_TRUE(json::parse(get("/api/players/alice").body).at("vacation").is_null());
  // Ending none again changes nothing.
  EXPECT_EQ(alice->request({{"type", "vacation_end"}}).at("on"), false);
}

TEST_F(SiteVacation, GuestsHaveNoneAndAnEmptyBankStartsNone) {
  auto guest = connect(this->guest());
  EXPECT_EQ(text(guest->request({{"type", "vacation_start"}}), "code"), "registered_only");
  const TestUser carol = registered("carol");
  // Carol spent her bank: ten minutes are left, less than the hour a vacation needs.
  ASSERT_TRUE(
      store_->saveVacation(carol.id, store::Vacation{600'000, site::nowMs(), std::nullopt}));
  auto client = connect(carol);
  const json::object refused = client->request({{"type", "vacation_start"}});
  EXPECT_EQ(text(refused, "code"), "vacation_empty") << json::serialize(refused);
}

TEST_F(SiteVacation, AVacationUnderWayAtARestartPausesTheGameAndEndsWhenTheBankRunsOut) {
  const TestUser aliceUser = registered("alice");
  const TestUser bobUser = registered("bob");
  int64_t game = 0;
  {
    auto alice = connect(aliceUser);
    auto bob = connect(bobUser);
    game = startGame(*alice, *bob, correspondenceTable());
    play(*alice, *bob, game, "B E5");
  }
  // Bob's vacation is written behind the running site's back, with five seconds left in the
  // bank: only the restarted site, which reads the vacations under way, knows of it.
  const int64_t now = site::nowMs();
  ASSERT_TRUE(store_->saveVacation(bobUser.id, store::Vacation{5000, now, now}));
  restart();
  auto alice = connect(aliceUser);
  EXPECT_TRUE(pausedSoon(*alice, game)) << "the reloaded game did not pause for bob";
  // The bank runs out: the site ends the vacation by itself and the clock runs again.
  ASSERT_TRUE(vacationEvent(*alice, game, false, 20s)) << "the vacation never ended";
  EXPECT_FALSE(paused(*alice, game));
  auto bank = store_->vacationOf(bobUser.id).value();
  ASSERT_TRUE(bank);
  EXPECT_FALSE(bank->sinceMs);
  EXPECT_EQ(bank->bankMs, 0);
}

}  // namespace
}  // namespace tengen::site::test
