// One game's presence across two nodes on one bus (site/presence/game_presence.h,
// docs/scaling.md "Presence"): the owner counts a player watching from the other node as
// present while that node's reports are fresh, decides absences after the debounce, and the
// following node shows the owner's presence instead of its own.
#include <gtest/gtest.h>

#include <boost/asio/io_context.hpp>
#include <boost/json/object.hpp>

#include <chrono>
#include <memory>
#include <thread>

#include "bus/local_bus.h"
#include "game/game_machine_test_support.h"
#include "site/presence/game_presence.h"
#include "site/site_context.h"

namespace tengen::site {
namespace {

using namespace std::chrono_literals;
using game::test::command;
using game::test::kAlice;
using game::test::kBob;

class GamePresenceTest : public ::testing::Test {
 protected:
  GamePresenceTest() : table_(game::test::settingsFor("chinese")) {
    limits_.presenceDebounce = 30ms;
    EXPECT_EQ(table_.send(kBob, command("join")).value(), "start");
  }
  ~GamePresenceTest() override {
    for (auto* presence : {owner_.get(), follower_.get()}) {
      if (presence) presence->stop();
    }
  }

  // Two nodes: "a" runs the game, "b" follows it.
  void startNodes(std::chrono::milliseconds freshFor = 3s) {
    owner_ = std::make_shared<GamePresence>(io_, limits_, PresenceNetwork{&bus_, "a", freshFor},
                                            12, nullptr);
    follower_ = std::make_shared<GamePresence>(io_, limits_,
                                               PresenceNetwork{&bus_, "b", freshFor}, 12, nullptr);
    owner_->start();
    follower_->start();
    owner_->gameChanged({}, table_.machine, true);
    follower_->gameChanged({}, table_.machine, false);
  }

  // Lets `span` pass, then runs the timers due by then (the debounce is 30 ms) and the
  // messages the nodes sent each other meanwhile.
  void wait(std::chrono::milliseconds span) {
    std::this_thread::sleep_for(span);
    deliver();
  }
  // The messages the nodes sent each other, and theirs in answer, until none is left.
  void deliver() {
    io_.restart();
    io_.poll();
  }

  static bool connected(const boost::json::value& presence, const char* seat) {
    return presence.at(seat).at("connected").as_bool();
  }

  boost::asio::io_context io_;
  SiteLimits limits_;
  bus::LocalBus bus_;
  game::test::Table table_;
  std::shared_ptr<GamePresence> owner_;
  std::shared_ptr<GamePresence> follower_;
};

TEST_F(GamePresenceTest, APlayerWatchingFromTheOtherNodeIsPresent) {
  startNodes();
  owner_->watched(1, kAlice.userId);
  follower_->watched(2, kBob.userId);
  wait(100ms);
  const auto presence = owner_->toJson(1000);
  EXPECT_TRUE(connected(presence, "black"));
  EXPECT_TRUE(connected(presence, "white")) << presence;
  EXPECT_FALSE(owner_->claimFacts(kAlice.userId, 1000).absentMs);
}

TEST_F(GamePresenceTest, LeavingTheOtherNodeIsAnAbsenceEveryNodeShows) {
  startNodes();
  owner_->watched(1, kAlice.userId);
  follower_->watched(2, kBob.userId);
  wait(60ms);
  follower_->unwatched(2);
  deliver();
  // Counted from the leaving at once, shown only after the debounce.
  EXPECT_TRUE(owner_->claimFacts(kAlice.userId, nowMs() + 5000).absentMs.has_value());
  EXPECT_TRUE(connected(owner_->toJson(nowMs()), "white"));
  wait(100ms);
  EXPECT_FALSE(connected(owner_->toJson(nowMs()), "white"));
  // The following node shows what the owner decided, not its own count.
  EXPECT_FALSE(connected(follower_->toJson(nowMs()), "white"));
  EXPECT_TRUE(connected(follower_->toJson(nowMs()), "black"));
  // Bob's own claim against alice, who is here, finds nobody absent.
  EXPECT_FALSE(owner_->claimFacts(kBob.userId, nowMs()).absentMs);
}

TEST_F(GamePresenceTest, ReportsThatStopComingStopCounting) {
  startNodes(80ms);
  owner_->watched(1, kAlice.userId);
  follower_->watched(2, kBob.userId);
  deliver();
  EXPECT_FALSE(owner_->claimFacts(kAlice.userId, nowMs()).absentMs);
  // Node b stops (no more reports); the owner's beats forget it once its report is stale.
  follower_->stop();
  wait(120ms);
  owner_->beat();
  wait(100ms);
  EXPECT_FALSE(connected(owner_->toJson(nowMs()), "white"));
  EXPECT_TRUE(owner_->claimFacts(kAlice.userId, nowMs()).absentMs.has_value());
}

TEST_F(GamePresenceTest, ANodeThatTakesTheGameOverDecidesForItself) {
  startNodes();
  owner_->watched(1, kAlice.userId);
  wait(60ms);  // bob never came: absent on the owner, relayed to b
  EXPECT_FALSE(connected(follower_->toJson(nowMs()), "white"));
  // b takes the game over (a's lease ran out) with bob watching from b.
  owner_->demoted();
  follower_->watched(2, kBob.userId);
  follower_->gameChanged({}, table_.machine, true);
  wait(60ms);
  const auto presence = follower_->toJson(nowMs());
  EXPECT_TRUE(connected(presence, "white")) << presence;
  // Alice still watches from a, which now reports to b.
  owner_->beat();
  wait(60ms);
  EXPECT_TRUE(connected(follower_->toJson(nowMs()), "black"));
}

TEST_F(GamePresenceTest, HostileMessagesOnTheChannelChangeNothing) {
  startNodes();
  owner_->watched(1, kAlice.userId);
  follower_->watched(2, kBob.userId);
  wait(60ms);
  for (const char* junk :
       {"", "{", "[]", "{\"kind\":1}", "{\"kind\":\"seats\",\"node\":\"c\",\"seated\":[true]}",
        "{\"kind\":\"seats\",\"node\":\"c\",\"seated\":[1,0]}",
        "{\"kind\":\"presence\",\"presence\":[]}"}) {
    bus_.publish(presenceChannel(12), junk);
  }
  wait(60ms);
  EXPECT_TRUE(connected(owner_->toJson(nowMs()), "white"));
  EXPECT_TRUE(connected(follower_->toJson(nowMs()), "black"));
}

}  // namespace
}  // namespace tengen::site
