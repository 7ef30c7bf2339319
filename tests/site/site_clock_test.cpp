// The server runs the clocks: a player who lets an absolute clock run out loses on time
// (docs/protocol.md, "Clocks").

#include <boost/json/serialize.hpp>

#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteClockTest : public SiteFixture {};

TEST_F(SiteClockTest, AbsoluteClockRunningOutEndsTheGameOnTime) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game =
      startGame(*alice, *bob, {{"time", {{"kind", "absolute"}, {"mainSeconds", 1}}}});
  // Black moves at once; White lets a second pass.
  play(*alice, *bob, game, "B E5");
  auto timeout = alice->waitFor(
      [](const json::object& m) {
        return text(m, "type") == "game_event" &&
               text(m.at("event").as_object(), "kind") == "timeout";
      },
      5s);
  ASSERT_TRUE(timeout);
  EXPECT_EQ(text(timeout->at("event").as_object(), "colour"), "white");
  auto end = alice->event(game, integer(*timeout, "version") + 1);
  ASSERT_TRUE(end);
  EXPECT_EQ(text(end->at("state").as_object(), "result"), "B+T");
  EXPECT_EQ(text(command(*bob, game, "move", {{"point", "C3"}}), "code"), "wrong_phase");
}

// Absolute 3 s with White to move; the server restarts three times, each after 2 s down.
// Each restart is logged (clock_restart), so the replay after the third charges White for
// none of the 6 s of downtime; before, only the latest downtime was forgiven and White lost
// on time for the earlier ones.
TEST_F(SiteClockTest, ClocksSurviveRestartsInARow) {
  const TestUser aliceUser = guest();
  const TestUser bobUser = guest();
  int64_t game = 0;
  {
    auto alice = connect(aliceUser);
    auto bob = connect(bobUser);
    game = startGame(*alice, *bob, {{"time", {{"kind", "absolute"}, {"mainSeconds", 3}}}});
    play(*alice, *bob, game, "B E5");
  }
  for (int i = 0; i < 3; ++i) {
    restartAfter(2s);
    // The restarted site resumes the game at once, and its room logs the clock's restart.
    auto alice = connect(aliceUser);
    json::object state = stateOf(*alice, game);
    EXPECT_EQ(text(state.at("state").as_object(), "phase"), "play") << "restart " << i + 1;
  }
  auto alice = connect(aliceUser);
  auto bob = connect(bobUser);
  stateOf(*alice, game);
  stateOf(*bob, game);
  json::object moved = command(*bob, game, "move", {{"point", "C3"}});
  ASSERT_EQ(verdict(moved), "ok") << json::serialize(moved);
  auto loaded = store_->loadGame(game);
  ASSERT_TRUE(loaded && *loaded);
  int restarts = 0;
  for (const store::GameEvent& e : (*loaded)->events) restarts += e.type == "clock_restart";
  EXPECT_EQ(restarts, 3);
}

}  // namespace
}  // namespace tengen::site::test
