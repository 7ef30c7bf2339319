// Japanese rules: in the removal phase a player disputes stones and both play the
// confirmation over the socket (docs/protocol.md, "Confirmation play"); it survives a
// restart, and its verdict sets the marks the players then accept.

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteConfirmationTest : public SiteFixture {};

// White's corner group A4 B4 B3 B2 C2 C1 has the bent-four eye space A1 A2 A3 B1 inside
// Black's wall; then both pass.
constexpr std::string_view kBentFour =
    "B A5 W A4 B B5 W B4 B C5 W B3 B C4 W B2 B C3 W C2 B D3 W C1 B D2 W pass B D1 W pass "
    "B pass";

const json::object& removalIn(const json::object& state) {
  return state.at("state").as_object().at("removal").as_object();
}

TEST_F(SiteConfirmationTest, ABentFourIsPlayedOutAcrossARestart) {
  const TestUser aliceUser = guest();
  const TestUser bobUser = guest();
  int64_t game = 0;
  {
    auto alice = connect(aliceUser);
    auto bob = connect(bobUser);
    game = startGame(*alice, *bob, {{"rules", "japanese"}});
    play(*alice, *bob, game, kBentFour);
    ASSERT_EQ(text(stateOf(*alice, game).at("state").as_object(), "phase"), "removal");
    json::object started = command(*alice, game, "confirm_start", {{"points", {"B3"}}});
    ASSERT_EQ(verdict(started), "ok") << json::serialize(started);
    auto event = bob->event(game, integer(started, "version"));
    ASSERT_TRUE(event);
    EXPECT_EQ(text(event->at("event").as_object(), "kind"), "confirm_start");
    EXPECT_EQ(text(event->at("event").as_object(), "attacker"), "black");
    ASSERT_EQ(verdict(command(*alice, game, "confirm_move", {{"point", "A2"}})), "ok");
  }
  restart();
  auto alice = connect(aliceUser);
  auto bob = connect(bobUser);
  json::object state = stateOf(*bob, game);
  const json::object& confirmation = removalIn(state).at("confirmation").as_object();
  EXPECT_EQ(text(confirmation, "toMove"), "white") << json::serialize(confirmation);
  EXPECT_EQ(confirmation.at("moves").as_array().size(), 1u);
  EXPECT_GT(integer(confirmation, "deadlineMs"), 0);

  ASSERT_EQ(verdict(command(*bob, game, "confirm_move", {{"point", "A1"}})), "ok");
  ASSERT_EQ(verdict(command(*alice, game, "confirm_move", {{"point", "B1"}})), "ok");
  const json::object retake = command(*bob, game, "confirm_move", {{"point", "A1"}});
  EXPECT_EQ(text(retake, "code"), "illegal_move") << json::serialize(retake);
  EXPECT_EQ(text(retake, "reason"), "ko");
  EXPECT_EQ(text(command(*alice, game, "confirm_pass"), "code"), "not_your_turn");
  EXPECT_EQ(text(command(*bob, game, "removal_accept"), "code"), "bad_request");
  ASSERT_EQ(verdict(command(*bob, game, "confirm_pass")), "ok");
  ASSERT_EQ(verdict(command(*alice, game, "confirm_move", {{"point", "A3"}})), "ok");
  ASSERT_EQ(verdict(command(*alice, game, "confirm_finish")), "ok");
  const json::object finished = command(*bob, game, "confirm_finish");
  ASSERT_EQ(verdict(finished), "ok");
  auto end = bob->event(game, integer(finished, "version"));  // alice watches no more
  ASSERT_TRUE(end);
  EXPECT_EQ(end->at("event"), json::parse(R"({"kind":"confirm_end","verdict":"dead",
      "reason":"agreed"})"));
  EXPECT_EQ(removalIn(*end).at("confirmation"), nullptr);
  EXPECT_EQ(removalIn(*end).at("lastConfirmation").at("verdict"), "dead");
  EXPECT_EQ(removalIn(*end).at("dead").as_array().size(), 6u);

  ASSERT_EQ(verdict(command(*alice, game, "removal_accept")), "ok");
  ASSERT_EQ(verdict(command(*bob, game, "removal_accept")), "ok");
  state = stateOf(*alice, game);
  EXPECT_EQ(text(state.at("state").as_object(), "result"), "B+72.5");
  const auto sgf = get("/api/games/" + std::to_string(game) + "/sgf");
  EXPECT_NE(sgf.body.find("C[Confirmation of C1 B2 C2 B3 A4 B4: dead]"), std::string::npos)
      << sgf.body;
}

}  // namespace
}  // namespace tengen::site::test
