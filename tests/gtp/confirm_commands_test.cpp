// tengen-confirm_start / tengen-confirm_end: Japanese 1989 confirmation play after the stop
// (art. 7 and 9; go/confirmation.h), driven through the protocol.
#include <gtest/gtest.h>

#include <string>

#include "engine_fixture.h"

namespace tengen::gtp {
namespace {

class Confirm : public EngineTest {
 protected:
  //   A B C D E F G H J
  // 9 . . . . . . . O .    White's corner group has the bent-four eye space A1 A2 A3 B1
  // 8 . . . . . . O X .    and no outside liberty; Black's wall is alive. White's J8
  // 7 . . . . . . . . .    would atari H8: a ko threat in play, none in confirmation.
  // 6 . . . . . . . . .
  // 5 X X X . . . . . .
  // 4 O O X . . . . . .
  // 3 . O X X . . . . .
  // 2 . O O X . . . . .
  // 1 . . O X . . . . .
  void setUpBentFour(std::string_view rules = "japanese") {
    run("boardsize 9\nkomi 6.5");
    ok("tengen-set_rules " + std::string(rules));
    for (const char* b : {"a5", "b5", "c5", "c4", "c3", "d3", "d2", "d1", "h8"}) {
      ok(std::string("play b ") + b);
    }
    for (const char* w : {"a4", "b4", "b3", "b2", "c2", "c1", "g8", "h9"}) {
      ok(std::string("play w ") + w);
    }
  }
  void stop() { run("play b pass\nplay w pass"); }

  static constexpr std::string_view kBentFourBoard =
      ".......O.\n"
      "......OX.\n"
      ".........\n"
      ".........\n"
      "XXX......\n"
      "OOX......\n"
      ".OXX.....\n"
      ".OOX.....\n"
      "..OX.....\n";
};

TEST_F(Confirm, BentFourDisputeEndsDeadAndTheScoreTakesIt) {
  setUpBentFour();
  stop();
  ok("tengen-mark_dead h9 g8");  // agreed dead; only the corner is disputed
  // White's corner counts as alive with its four points of eye space.
  EXPECT_EQ(
      ok("tengen-score"),
      "B+53.5 black: stones=0 territory=62 prisoners=0 dead=2 seki=0 pass_stones=0 tax=0 "
      "button=0 total=64 white: stones=0 territory=4 prisoners=0 dead=0 seki=0 pass_stones=0 "
      "tax=0 button=0 komi=6.5 bonus=0 total=10.5");
  const std::string estimate = ok("final_status_list dead");
  EXPECT_EQ(estimate.find("C1 B2 C2 B3 A4 B4"), std::string::npos) << estimate;

  ok("tengen-confirm_start B3");
  EXPECT_EQ(ok("tengen-status"), "confirming");
  EXPECT_EQ(error("play w a2"), "illegal move (black is to move in the confirmation)");
  EXPECT_EQ(ok("is_legal w a2"), "0");
  EXPECT_EQ(ok("tengen-legal_moves w"), "");
  run("play b a2\nplay w a1\nplay b b1");  // Black takes the ko
  EXPECT_EQ(ok("is_legal w a1"), "0");
  EXPECT_EQ(error("play w a1"), "illegal move");
  run("play w j8\nplay b h7");  // a threat, answered
  EXPECT_EQ(ok("is_legal w a1"), "0");
  EXPECT_EQ(ok("tengen-legal_moves w").find("A1"), std::string::npos);
  const std::string locked = ok("showboard");
  EXPECT_NE(locked.find("confirming white C1 B2 C2 B3 A4 B4"), std::string::npos) << locked;
  EXPECT_NE(locked.find("ko locked for white: A1"), std::string::npos) << locked;
  EXPECT_NE(locked.find("to move: white, confirmation moves: 5"), std::string::npos) << locked;
  ok("play w pass");  // unlocks, too late: White's last liberty is A3
  EXPECT_EQ(ok("is_legal b a3"), "1");
  ok("play b a3");
  EXPECT_EQ(board(),
            ".......O.\n"
            "......OXO\n"
            ".......X.\n"
            ".........\n"
            "XXX......\n"
            "..X......\n"
            "X.XX.....\n"
            "X..X.....\n"
            ".X.X.....\n");

  EXPECT_EQ(ok("tengen-confirm_end"), "dead");
  // The stopped position comes back, untouched, with the same move count.
  EXPECT_EQ(board(), kBentFourBoard);
  EXPECT_NE(ok("showboard").find("moves: 19"), std::string::npos);
  // Black takes the six stones as prisoners (dead=8 with the two marked) and every point.
  EXPECT_EQ(
      ok("tengen-score"),
      "B+73.5 black: stones=0 territory=72 prisoners=0 dead=8 seki=0 pass_stones=0 tax=0 "
      "button=0 total=80 white: stones=0 territory=0 prisoners=0 dead=0 seki=0 pass_stones=0 "
      "tax=0 button=0 komi=6.5 bonus=0 total=6.5");
  EXPECT_EQ(ok("tengen-status"), "over B+73.5");
  // final_status_list: the verdict applied to the estimate, the chain one line.
  EXPECT_EQ(ok("final_status_list dead"),
            "C1 B2 C2 B3 A4 B4" + (estimate.empty() ? "" : "\n" + estimate));
}

TEST_F(Confirm, ErrorsBeforeAndAfter) {
  setUpBentFour();
  EXPECT_EQ(error("tengen-confirm_start B3"), "the game has not stopped");
  EXPECT_EQ(error("tengen-confirm_end"), "no confirmation is under way");
  stop();
  EXPECT_EQ(error("tengen-confirm_start B3 C3"), "B3 and C3 are stones of different colours");
  EXPECT_EQ(error("tengen-confirm_start B3 E5"), "no stone at E5");
  EXPECT_EQ(error("tengen-confirm_start B3 z9"), "bad vertex 'z9'");
  EXPECT_EQ(error("tengen-confirm_start pass"), "bad vertex 'pass'");
  EXPECT_EQ(error("tengen-confirm_start"), "syntax error");
  EXPECT_EQ(ok("tengen-status").substr(0, 5), "over ");
}

TEST_F(Confirm, RulesWithoutConfirmation) {
  setUpBentFour("chinese");
  stop();
  EXPECT_EQ(error("tengen-confirm_start B3"),
            "these rules have no confirmation play (confirmation=0)");
  ok("tengen-set_rules chinese confirmation=1");
  ok("tengen-confirm_start B3");
}

TEST_F(Confirm, CommandsThatWouldChangeTheGameAreRefused) {
  setUpBentFour();
  stop();
  ok("tengen-confirm_start a4");
  for (const char* command :
       {"boardsize 9", "clear_board", "undo", "genmove b", "kgs-genmove_cleanup b", "loadsgf x.sgf",
        "fixed_handicap 2", "place_free_handicap 2", "set_free_handicap a1 b1",
        "tengen-set_rules chinese", "kgs-rules chinese", "tengen-confirm_start b3"}) {
    const std::string name = std::string(command).substr(0, std::string(command).find(' '));
    EXPECT_EQ(error(command),
              name + " is refused: a confirmation is under way (tengen-confirm_end ends it)");
  }
  // Read-only commands still answer about the stopped game.
  EXPECT_EQ(ok("tengen-get_rules"), "japanese komi=6.5");
  ok("tengen-confirm_end");
  ok("undo");
}

// Nothing captured: alive, and the verdict overrides a dead mark on the chain until the
// position changes.
TEST_F(Confirm, AliveVerdictOverridesTheMarksUntilThePositionChanges) {
  setUpBentFour();
  stop();
  ok("tengen-mark_dead h9 g8");
  const std::string unmarked = ok("tengen-score");
  ok("tengen-mark_dead a4");
  const std::string marked = ok("tengen-score");
  EXPECT_NE(unmarked, marked);
  ok("tengen-confirm_start c1");
  run("play b pass\nplay w pass\nplay b pass");
  EXPECT_EQ(ok("tengen-confirm_end"), "alive");
  EXPECT_EQ(ok("tengen-score"), unmarked);
  EXPECT_EQ(ok("final_status_list dead").find("A4"), std::string::npos);
  EXPECT_EQ(error("tengen-confirm_end"), "no confirmation is under way");
  ok("play b e5");  // play resumes: the verdict no longer describes the position
  EXPECT_TRUE(engine_.state().confirmedAlive.empty());
  EXPECT_TRUE(engine_.state().confirmedDead.empty());
}

}  // namespace
}  // namespace tengen::gtp
