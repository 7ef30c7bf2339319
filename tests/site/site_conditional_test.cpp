// Conditional moves on the real site (docs/protocol.md "Conditional moves"): a waiting player
// of a correspondence game plans answers, and the server plays each the moment the move it
// waits for arrives, down the tree; a move the plan did not foresee drops it; a plan survives a
// restart; every wrong plan is refused saying why.
#include <gtest/gtest.h>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;
using namespace std::chrono_literals;

class SiteConditional : public SiteFixture {
 protected:
  json::object plan(SiteClient& client, int64_t gameId, int64_t moveNumber,
                    std::string_view tree) {
    return client.request({{"type", "conditional_moves_set"},
                           {"gameId", gameId},
                           {"moveNumber", moveNumber},
                           {"tree", json::parse(tree)}});
  }
  json::object planned(SiteClient& client, int64_t gameId) {
    return client.request({{"type", "conditional_moves_get"}, {"gameId", gameId}});
  }
  // The move game_event of `gameId` by `colour` at `point`.
  bool sawMove(SiteClient& client, int64_t gameId, std::string_view colour,
               std::string_view point) {
    return client
        .waitFor([&](const json::object& m) {
          if (text(m, "type") != "game_event" || integer(m, "gameId") != gameId) return false;
          const json::object& event = m.at("event").as_object();
          return text(event, "kind") == "move" && text(event, "colour") == colour &&
                 text(event, "point") == point;
        })
        .has_value();
  }
  // Alice (black) moves; the reply is accepted.
  void move(SiteClient& client, int64_t gameId, std::string_view point) {
    const json::object reply = command(client, gameId, "move", {{"point", point}});
    ASSERT_EQ(verdict(reply), "ok") << json::serialize(reply);
  }
};

TEST_F(SiteConditional, TheServerAnswersDownThePlanAndDropsItAtItsEnd) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, correspondenceTable());
  // Black to move: Bob (white) waits and plans two answers deep, and a second line.
  const json::object saved = plan(*bob, game, 0,
                                  R"([{"move":"E5","answer":"C3","then":[{"move":"D4",
                                  "answer":"F6"}]},{"move":"G3","answer":"C7"}])");
  ASSERT_EQ(text(saved, "type"), "conditional_moves") << json::serialize(saved);
  EXPECT_EQ(integer(saved, "moveNumber"), 0);
  EXPECT_EQ(saved.at("tree").as_array().size(), 2u);

  move(*alice, game, "E5");
  ASSERT_TRUE(sawMove(*alice, game, "white", "C3")) << "the planned answer was not played";
  // What is left waits for Black's next move.
  const json::object rest = planned(*bob, game);
  EXPECT_EQ(integer(rest, "moveNumber"), 2) << json::serialize(rest);
  EXPECT_EQ(json::serialize(rest.at("tree")),
            R"([{"move":"D4","answer":"F6","then":[]}])");

  move(*alice, game, "D4");
  ASSERT_TRUE(sawMove(*alice, game, "white", "F6"));
  EXPECT_TRUE(planned(*bob, game).at("tree").as_array().empty()) << "the spent plan stayed";
  EXPECT_EQ(integer(stateOf(*alice, game).at("game").as_object(), "moveNumber"), 4);
}

TEST_F(SiteConditional, AMoveThePlanDidNotForeseeDropsItAndTheWaitingPlayerMovesByHand) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, correspondenceTable());
  ASSERT_EQ(text(plan(*bob, game, 0, R"([{"move":"E5","answer":"C3"}])"), "type"),
            "conditional_moves");
  move(*alice, game, "G7");
  // Nothing is played for Bob: his turn stays his.
  std::this_thread::sleep_for(300ms);
  const json::object state = stateOf(*bob, game);
  EXPECT_EQ(integer(state.at("game").as_object(), "moveNumber"), 1) << json::serialize(state);
  EXPECT_TRUE(planned(*bob, game).at("tree").as_array().empty());
  move(*bob, game, "C3");
}

TEST_F(SiteConditional, APassOrTheGamesEndDropsThePlan) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  const int64_t game = startGame(*alice, *bob, correspondenceTable());
  const auto droppedSoon = [&](SiteClient& player) {
    for (int i = 0; i < 50; ++i) {
      if (planned(player, game).at("tree").as_array().empty()) return true;
      std::this_thread::sleep_for(20ms);
    }
    return false;
  };
  ASSERT_EQ(text(plan(*bob, game, 0, R"([{"move":"E5","answer":"C3"}])"), "type"),
            "conditional_moves");
  play(*alice, *bob, game, "B pass");
  EXPECT_TRUE(droppedSoon(*bob)) << "a pass left the plan in place";
  // Alice waits now; her plan goes with the game when she resigns.
  ASSERT_EQ(text(plan(*alice, game, 1, R"([{"move":"E5","answer":"C3"}])"), "type"),
            "conditional_moves");
  ASSERT_EQ(verdict(command(*alice, game, "resign")), "ok");
  EXPECT_TRUE(droppedSoon(*alice)) << "the plan of a finished game stayed in the store";
}

TEST_F(SiteConditional, APlanSurvivesARestart) {
  const TestUser aliceUser = registered("alice");
  const TestUser bobUser = registered("bob");
  int64_t game = 0;
  {
    auto alice = connect(aliceUser);
    auto bob = connect(bobUser);
    game = startGame(*alice, *bob, correspondenceTable());
    play(*alice, *bob, game, "B E5 W C3");
    ASSERT_EQ(text(plan(*bob, game, 2, R"([{"move":"D4","answer":"F6"}])"), "type"),
              "conditional_moves");
  }
  restart();
  auto alice = connect(aliceUser);
  ASSERT_EQ(text(alice->request({{"type", "watch"}, {"gameId", game}}), "type"), "game_state");
  move(*alice, game, "D4");
  EXPECT_TRUE(sawMove(*alice, game, "white", "F6")) << "the restarted site forgot the plan";
}

TEST_F(SiteConditional, WrongPlansAreRefusedSayingWhy) {
  auto alice = connect(registered("alice"));
  auto bob = connect(registered("bob"));
  auto carol = connect(registered("carol"));
  const int64_t slow = startGame(*alice, *bob, correspondenceTable());
  const int64_t fast = startGame(*alice, *bob, liveTable());
  const auto code = [](const json::object& reply) { return text(reply, "code"); };

  EXPECT_EQ(code(plan(*carol, slow, 0, "[]")), "not_a_player");
  EXPECT_EQ(code(plan(*bob, fast, 0, R"([{"move":"E5","answer":"C3"}])")), "wrong_phase");
  EXPECT_EQ(code(plan(*alice, slow, 0, R"([{"move":"E5","answer":"C3"}])")), "not_your_turn");
  EXPECT_EQ(code(plan(*bob, slow, 3, R"([{"move":"E5","answer":"C3"}])")), "stale_version");
  EXPECT_EQ(code(plan(*bob, slow + 1000, 0, "[]")), "not_found");
  const json::object offBoard = plan(*bob, slow, 0, R"([{"move":"E5","answer":"K10"}])");
  EXPECT_EQ(code(offBoard), "bad_request");
  EXPECT_EQ(text(offBoard, "message"), "tree[0].answer: \"K10\" is not a point of a 9x9 board");
  const json::object occupied = plan(*bob, slow, 0, R"([{"move":"E5","answer":"E5"}])");
  EXPECT_EQ(code(occupied), "illegal_move");
  EXPECT_EQ(text(occupied, "message"), "tree[0].answer: E5 is not legal after E5 (occupied)");
  EXPECT_EQ(code(bob->request({{"type", "conditional_moves_set"}, {"gameId", slow},
                               {"tree", json::array()}})),
            "bad_request");
  auto guest = connectAnonymous();
  EXPECT_EQ(code(guest->request({{"type", "conditional_moves_get"}, {"gameId", slow}})),
            "not_logged_in");
  // None of it was stored; an empty tree clears a plan.
  EXPECT_TRUE(planned(*bob, slow).at("tree").as_array().empty());
  ASSERT_EQ(text(plan(*bob, slow, 0, R"([{"move":"E5","answer":"C3"}])"), "type"),
            "conditional_moves");
  ASSERT_EQ(text(plan(*bob, slow, 0, "[]"), "type"), "conditional_moves");
  EXPECT_TRUE(planned(*bob, slow).at("tree").as_array().empty());
}

}  // namespace
}  // namespace tengen::site::test
