// Japanese rules: two passes lead to the removal phase, where both players agree on the dead
// stones (docs/protocol.md, "Commands": removal_toggle, removal_accept).

#include <boost/json/serialize.hpp>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteRemovalTest : public SiteFixture {};

const json::object& removalIn(const json::object& state) {
  return state.at("state").as_object().at("removal").as_object();
}

bool accepted(const json::object& state, std::string_view colour) {
  return removalIn(state).at("accepted").as_object().at(colour).as_bool();
}

// Black walls off columns A-C with D, White columns G-J with F; column E is dame. Territory
// 27 each, komi 6.5: W+6.5 once both accept that nothing is dead.
constexpr std::string_view kWalls =
    "B D1 W F1 B D2 W F2 B D3 W F3 B D4 W F4 B D5 W F5 B D6 W F6 B D7 W F7 B D8 W F8 "
    "B D9 W F9 B pass W pass";

TEST_F(SiteRemovalTest, ToggleDisputeAndAgreement) {
  auto alice = connect(guest());
  auto bob = connect(guest());
  const int64_t game = startGame(*alice, *bob, {{"rules", "japanese"}});
  play(*alice, *bob, game, kWalls);

  json::object state = stateOf(*alice, game);
  ASSERT_EQ(text(state.at("state").as_object(), "phase"), "removal") << json::serialize(state);
  EXPECT_TRUE(removalIn(state).at("dead").as_array().empty()) << json::serialize(removalIn(state));
  EXPECT_FALSE(accepted(state, "black"));
  EXPECT_EQ(text(command(*alice, game, "move", {{"point", "E5"}}), "code"), "wrong_phase");

  // Black marks White's wall dead: the whole chain toggles.
  json::object toggled = command(*alice, game, "removal_toggle", {{"point", "F5"}});
  ASSERT_EQ(verdict(toggled), "ok") << json::serialize(toggled);
  auto event = bob->event(game, integer(toggled, "version"));
  ASSERT_TRUE(event);
  const json::object& toggle = event->at("event").as_object();
  EXPECT_EQ(text(toggle, "kind"), "removal_toggle");
  EXPECT_TRUE(toggle.at("dead").as_bool());
  EXPECT_EQ(toggle.at("points").as_array().size(), 9u);

  // Black accepts; White disputes by toggling the wall back, which clears the acceptance.
  ASSERT_EQ(verdict(command(*alice, game, "removal_accept")), "ok");
  EXPECT_TRUE(accepted(stateOf(*bob, game), "black"));
  ASSERT_EQ(verdict(command(*bob, game, "removal_toggle", {{"point", "F1"}})), "ok");
  state = stateOf(*bob, game);
  EXPECT_FALSE(accepted(state, "black"));
  EXPECT_TRUE(removalIn(state).at("dead").as_array().empty());

  // Both accept the same (empty) set: the game ends on the count.
  ASSERT_EQ(verdict(command(*bob, game, "removal_accept")), "ok");
  json::object last = command(*alice, game, "removal_accept");
  ASSERT_EQ(verdict(last), "ok") << json::serialize(last);
  auto end = bob->event(game, integer(last, "version"));
  ASSERT_TRUE(end);
  EXPECT_EQ(text(end->at("event").as_object(), "kind"), "end");
  EXPECT_EQ(text(end->at("state").as_object(), "result"), "W+6.5");
  EXPECT_EQ(text(end->at("state").as_object(), "phase"), "finished");
}

}  // namespace
}  // namespace tengen::site::test
