// The server runs the clocks: a player who lets an absolute clock run out loses on time
// (docs/protocol.md, "Clocks").

#include <boost/json/serialize.hpp>

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

}  // namespace
}  // namespace tengen::site::test
