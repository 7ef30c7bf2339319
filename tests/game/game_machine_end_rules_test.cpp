// How the rules' end procedures reach a game room: Ing's four passes and fill-in count,
// IGS's move limit (go/rules.h: end_passes, move_limit).
#include <gtest/gtest.h>

#include "game/game_machine.h"
#include "game_machine_test_support.h"

namespace tengen::game::test {
namespace {

namespace json = boost::json;

// Black walls off columns A-E of a 9x9 board, White F-J.
constexpr std::string_view kWalls =
    "B E1 W F1 B E2 W F2 B E3 W F3 B E4 W F4 B E5 W F5 B E6 W F6 B E7 W F7 B E8 W F8"
    " B E9 W F9";

TEST(GameMachineIng, TwoPassesDoNotEndTheGameFourDo) {
  Table t = startedTable("ing");
  ASSERT_EQ(t.play(std::string(kWalls) + " B pass W pass B pass"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.lastKind(), "pass");
  auto ended = t.send(kBob, command("pass"));
  ASSERT_TRUE(ended);
  EXPECT_EQ(*ended, "pass removal_start");
  EXPECT_EQ(t.machine.phase(), Phase::Removal);
}

// The count under Ing also comes as Ing's fill-in: 40 stones each on 9x9; Black's area is
// columns A-E (45 points), White's F-J (36).
TEST(GameMachineIng, TheCountCarriesTheFillInView) {
  Table t = startedTable("ing komi=8");
  ASSERT_EQ(t.play(std::string(kWalls) + " B pass W pass B pass W pass"), "");
  ASSERT_EQ(t.machine.phase(), Phase::Removal);
  const json::object score = t.state().at("score").as_object();
  EXPECT_EQ(score.at("result"), "B+1");
  EXPECT_EQ(score.at("fillIn"), json::parse(R"({"stonesEach":40,
      "black":{"onBoard":45,"inBowl":-5},"white":{"onBoard":36,"inBowl":4}})"));
  ASSERT_TRUE(t.send(kAlice, command("removal_accept")));
  ASSERT_EQ(t.send(kBob, command("removal_accept")).value(), "removal_accept end");
  EXPECT_EQ(t.state().at("score").at("fillIn").at("black").at("onBoard"), 45);
  EXPECT_EQ(t.state().at("endReason"), "passes");
}

TEST(GameMachineIng, OtherRulesHaveNoFillInView) {
  Table t = startedTable("chinese");
  ASSERT_EQ(t.play(std::string(kWalls) + " B pass W pass"), "");
  ASSERT_EQ(t.machine.phase(), Phase::Removal);
  EXPECT_FALSE(t.state().at("score").as_object().contains("fillIn"));
}

// IGS: the move that reaches the limit ends the game without result, a pass as well.
TEST(GameMachineMoveLimit, TheMoveThatReachesTheLimitEndsTheGameVoid) {
  Table t = startedTable("igs move_limit=10");
  ASSERT_EQ(t.play("B E5 W E6 B D5 W D6 B C5 W C6 B pass W B6 B B5"), "");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  auto ended = t.send(kBob, command("move", {{"point", "A6"}}));
  ASSERT_TRUE(ended);
  EXPECT_EQ(*ended, "move end");
  EXPECT_EQ(t.machine.phase(), Phase::Finished);
  EXPECT_EQ(t.machine.result(), "Void");
  const json::object state = t.state();
  EXPECT_EQ(state.at("result"), "Void");
  EXPECT_EQ(state.at("endReason"), "moveLimit");
  EXPECT_EQ(state.at("moveNumber"), 10);
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "A5"}})), "wrong_phase");
}

TEST(GameMachineMoveLimit, APassThatReachesTheLimitEndsItToo) {
  Table t = startedTable("igs move_limit=4");
  ASSERT_EQ(t.play("B E5 W E6 B D5"), "");
  auto ended = t.send(kBob, command("pass"));
  ASSERT_TRUE(ended);
  EXPECT_EQ(*ended, "pass end");
  EXPECT_EQ(t.state().at("endReason"), "moveLimit");
}

// A pass that ends the game by passes at the limit opens the removal phase as usual.
TEST(GameMachineMoveLimit, TwoPassesAtTheLimitAreCounted) {
  Table t = startedTable("igs move_limit=4");
  ASSERT_EQ(t.play("B E5 W E6 B pass"), "");
  auto ended = t.send(kBob, command("pass"));
  ASSERT_TRUE(ended);
  EXPECT_EQ(*ended, "pass removal_start");
}

}  // namespace
}  // namespace tengen::game::test
