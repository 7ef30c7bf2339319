// Score estimates on the real site (docs/protocol.md "Score estimate"): once a game has ended
// anyone logged in may ask who owns each point and what result that gives, at its end or at
// any move; while it is played nobody may; every wrong question is refused saying why.
#include <gtest/gtest.h>
#include <boost/json/serialize.hpp>

#include <algorithm>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class SiteEstimate : public SiteFixture {
 protected:
  json::object estimate(SiteClient& client, int64_t gameId,
                        std::optional<int64_t> moveNumber = {}) {
    json::object message{{"type", "score_estimate"}, {"gameId", gameId}};
    if (moveNumber) message["moveNumber"] = *moveNumber;
    return client.request(std::move(message), std::chrono::seconds(30));
  }
  // The ownership of a point of a 9x9 board ("E5") in an estimate: +1 Black, -1 White.
  static double owner(const json::object& estimate, int col, int row) {
    return estimate.at("ownership")
        .as_array()
        .at(static_cast<size_t>(row * 9 + col))
        .to_number<double>();
  }
};

TEST_F(SiteEstimate, AnEndedGameIsEstimatedForAnyoneAtItsEndAndAtAnyMove) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));  // a spectator
  const int64_t game = startGame(*alice, *bob, liveTable());
  // Black walls off the left side; White holds two stones on the far right edge.
  play(*alice, *bob, game,
       "B C1 W J1 B C2 W J2 B C3 W H1 B C4 W H2 B C5 W J3 B C6 W H3 "
       "B C7 W J4 B C8 W H4 B C9");
  EXPECT_EQ(text(estimate(*carol, game), "code"), "estimate_off");
  EXPECT_EQ(text(estimate(*alice, game), "code"), "estimate_off");
  ASSERT_EQ(verdict(command(*bob, game, "resign")), "ok");

  const json::object end = estimate(*carol, game);
  ASSERT_EQ(text(end, "type"), "score_estimate") << json::serialize(end);
  EXPECT_EQ(integer(end, "moveNumber"), 17);
  ASSERT_EQ(end.at("ownership").as_array().size(), 81u);
  EXPECT_GT(owner(end, 0, 4), 0.5) << "A5, behind Black's wall";
  EXPECT_LT(owner(end, 8, 0), -0.5) << "J1, White's stone";
  // Black's area behind the wall is Black's; the count, less the komi, is Black's win.
  const json::array& blackArea = end.at("territory").at("black").as_array();
  EXPECT_NE(std::find(blackArea.begin(), blackArea.end(), json::value("A5")), blackArea.end());
  EXPECT_TRUE(end.at("dead").as_array().empty()) << json::serialize(end.at("dead"));
  EXPECT_EQ(text(end, "result").rfind("B+", 0), 0u) << text(end, "result");
  EXPECT_GT(end.at("margin").to_number<double>(), 0.0);

  // At move 0 the board is empty: nobody owns anything yet, the komi decides.
  const json::object empty = estimate(*alice, game, 0);
  ASSERT_EQ(text(empty, "type"), "score_estimate") << json::serialize(empty);
  EXPECT_EQ(integer(empty, "moveNumber"), 0);
  EXPECT_NEAR(owner(empty, 4, 4), 0.0, 0.5);
  EXPECT_EQ(empty.at("neutral").as_array().size(), 81u);
  EXPECT_EQ(text(empty, "result"), "W+7.5");
  // The same question, the same answer: estimates are seeded by game and move.
  EXPECT_EQ(json::serialize(estimate(*bob, game, 9).at("ownership")),
            json::serialize(estimate(*carol, game, 9).at("ownership")));
}

TEST_F(SiteEstimate, ATableWhosePlayersAllowItIsEstimatedDuringPlayByAnyone) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));
  json::object fields = liveTable();
  fields["estimates"] = true;
  const int64_t game = startGame(*alice, *bob, fields);
  EXPECT_EQ(stateOf(*carol, game).at("game").at("estimates"), true);
  play(*alice, *bob, game, "B C3 W G7");
  const json::object during = estimate(*carol, game);
  ASSERT_EQ(text(during, "type"), "score_estimate") << json::serialize(during);
  EXPECT_EQ(integer(during, "moveNumber"), 2);
  // Without the switch the summary says nothing of it, and no estimate is made.
  const int64_t plain = startGame(*alice, *bob, liveTable());
  EXPECT_FALSE(stateOf(*carol, plain).at("game").as_object().contains("estimates"));
  EXPECT_EQ(text(estimate(*carol, plain), "code"), "estimate_off");
  fields["estimates"] = "yes";
  fields["type"] = "create_table";
  const json::object refused = alice->request(fields);
  EXPECT_EQ(text(refused, "code"), "bad_request") << json::serialize(refused);
  EXPECT_NE(text(refused, "message").find("estimates"), std::string::npos);
}

TEST_F(SiteEstimate, WrongQuestionsAreRefusedSayingWhy) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t open = createTable(*alice, liveTable());
  EXPECT_EQ(text(estimate(*bob, open), "code"), "wrong_phase");
  EXPECT_EQ(text(estimate(*bob, open + 1000), "code"), "not_found");
  const int64_t game = startGame(*alice, *bob, liveTable());
  play(*alice, *bob, game, "B E5 W C3");
  ASSERT_EQ(verdict(command(*alice, game, "resign")), "ok");
  const json::object past = estimate(*bob, game, 3);
  EXPECT_EQ(text(past, "code"), "bad_request");
  EXPECT_EQ(text(past, "message"), "moveNumber 3 is past the game's 2 moves");
  EXPECT_EQ(text(estimate(*bob, game, -1), "code"), "bad_request");
  auto anonymous = connectAnonymous();
  EXPECT_EQ(text(estimate(*anonymous, game), "code"), "not_logged_in");
}

// The user's place is taken before the game is read: a second question sent while the first
// is underway is refused at once, and the first still gets its estimate.
TEST_F(SiteEstimate, AUserAskingAgainWhileAnEstimateIsUnderwayIsRefusedBusy) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, liveTable());
  play(*alice, *bob, game, "B E5 W C3 B G5");
  ASSERT_EQ(verdict(command(*bob, game, "resign")), "ok");
  const std::string id = std::to_string(game);
  ASSERT_TRUE(alice->sendText(R"({"type":"score_estimate","id":"first","gameId":)" + id + "}"));
  ASSERT_TRUE(alice->sendText(R"({"type":"score_estimate","id":"again","gameId":)" + id + "}"));
  const auto byId = [](std::string wanted) {
    return [wanted](const json::object& m) { return text(m, "id") == wanted; };
  };
  auto again = alice->waitFor(byId("again"), std::chrono::seconds(30));
  ASSERT_TRUE(again);
  EXPECT_EQ(text(*again, "code"), "busy") << json::serialize(*again);
  EXPECT_EQ(text(*again, "message"),
            "your last estimate is still being made; ask again when it arrives");
  auto first = alice->waitFor(byId("first"), std::chrono::seconds(30));
  ASSERT_TRUE(first);
  EXPECT_EQ(text(*first, "type"), "score_estimate") << json::serialize(*first);
  // Its place is free again once the estimate arrived.
  EXPECT_EQ(text(estimate(*alice, game), "type"), "score_estimate");
}

}  // namespace
}  // namespace tengen::site::test
