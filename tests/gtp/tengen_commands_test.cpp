// tengen- extensions: rules, legal-move lists, dead marks, score breakdown, game status.
#include <gtest/gtest.h>

#include "engine_fixture.h"

namespace tengen::gtp {
namespace {

class Tengen : public EngineTest {
 protected:
  //   A B C D E
  // 5 . X O . .     A 5x5 game decided but not cleaned up: White's A2 is inside Black's
  // 4 X X O . X     area, Black's E4 inside White's. Black has one prisoner: White's A5,
  // 3 . X O . .     taken by A4.
  // 2 O X O . .
  // 1 . X O . .
  void setUpGame() {
    run("boardsize 5\n"
        "play b b1\nplay w c1\nplay b b2\nplay w c2\nplay b b3\nplay w c3\nplay b b4\n"
        "play w c4\nplay b b5\nplay w c5\n"
        "play b e4\nplay w a5\nplay b a4\nplay w a2");
  }
};

TEST_F(Tengen, SetRulesKeepsKomi) {
  ok("komi 5");
  ok("tengen-set_rules japanese");
  EXPECT_EQ(ok("tengen-get_rules"), "japanese komi=5");
  ok("tengen-set_rules AGA ko=positional");
  EXPECT_EQ(ok("tengen-get_rules"), "aga ko=positional komi=5");
}

TEST_F(Tengen, SetRulesErrors) {
  EXPECT_NE(error("tengen-set_rules klingon").find("unknown ruleset 'klingon'"), std::string::npos);
  EXPECT_NE(error("tengen-set_rules chinese ko=sometimes").find("bad value 'sometimes' for ko"),
            std::string::npos);
  EXPECT_NE(error("tengen-set_rules chinese komi=6.5").find("use the komi command"),
            std::string::npos);
  EXPECT_NE(error("tengen-set_rules chinese KOMI=6").find("use the komi command"),
            std::string::npos);
  EXPECT_EQ(error("tengen-set_rules"), "syntax error");
  EXPECT_EQ(ok("tengen-get_rules"), "chinese komi=7.5");
}

TEST_F(Tengen, LegalMovesListsEveryLegalVertexInPointOrder) {
  // . . .
  // O . .    A1 is suicide for Black, a connection for White.
  // . O .
  run("boardsize 3\nplay w a2\nplay w b1");
  EXPECT_EQ(ok("tengen-legal_moves b"), "C1 B2 C2 A3 B3 C3");
  EXPECT_EQ(ok("tengen-legal_moves white"), "A1 C1 B2 C2 A3 B3 C3");
  EXPECT_NE(error("tengen-legal_moves green").find("expected a colour"), std::string::npos);
}

TEST_F(Tengen, LegalMovesMayBeEmpty) {
  // . X    Either empty point is suicide for White; Black may fill either.
  // X .
  run("boardsize 2\nplay b a1\nplay b b2");
  EXPECT_EQ(ok("tengen-legal_moves w"), "");
  EXPECT_EQ(ok("tengen-legal_moves b"), "B1 A2");
}

TEST_F(Tengen, ScoreWithoutMarksCountsEveryStone) {
  setUpGame();
  // Chinese: Black 7 stones (B1-B5 A4 E4) + A5 = 8; A1 and A3 touch White's A2.
  // White 6 stones; D and E columns touch E4. 8 - (6 + 7.5).
  EXPECT_EQ(
      ok("tengen-score"),
      "W+5.5 black: stones=7 territory=1 prisoners=0 dead=0 seki=0 pass_stones=0 tax=0 button=0 "
      "total=8 white: stones=6 territory=0 prisoners=0 dead=0 seki=0 pass_stones=0 tax=0 "
      "button=0 komi=7.5 bonus=0 total=13.5");
}

TEST_F(Tengen, ScoreWithMarkedDeadStonesChineseAndJapanese) {
  setUpGame();
  ok("tengen-mark_dead a2 E4");
  // Chinese: Black 6 stones + A1 A2 A3 A5 = 10; White 5 stones + 10 points + 7.5.
  EXPECT_EQ(
      ok("tengen-score"),
      "W+12.5 black: stones=6 territory=4 prisoners=0 dead=0 seki=0 pass_stones=0 tax=0 button=0 "
      "total=10 white: stones=5 territory=10 prisoners=0 dead=0 seki=0 pass_stones=0 tax=0 "
      "button=0 komi=7.5 bonus=0 total=22.5");
  run("tengen-set_rules japanese\nkomi 6.5");
  // Japanese: Black 4 points + the A5 prisoner + the dead A2; White 10 points + dead E4.
  EXPECT_EQ(
      ok("tengen-score"),
      "W+11.5 black: stones=0 territory=4 prisoners=1 dead=1 seki=0 pass_stones=0 tax=0 button=0 "
      "total=6 white: stones=0 territory=10 prisoners=0 dead=1 seki=0 pass_stones=0 tax=0 "
      "button=0 komi=6.5 bonus=0 total=17.5");
}

TEST_F(Tengen, MarkDeadTakesWholeChainsAndIsAllOrNothing) {
  setUpGame();
  ok("tengen-mark_dead b3");
  EXPECT_EQ(engine_.state().deadMarks.count(), 6);  // B1-B5 and A4
  EXPECT_NE(error("tengen-mark_dead e4 d4").find("no stone at d4"), std::string::npos);
  EXPECT_NE(error("tengen-mark_dead e4 z9").find("bad vertex 'z9'"), std::string::npos);
  EXPECT_NE(error("tengen-mark_dead pass").find("bad vertex"), std::string::npos);
  EXPECT_EQ(engine_.state().deadMarks.count(), 6);
  ok("tengen-mark_dead e4");
  EXPECT_EQ(engine_.state().deadMarks.count(), 7);  // marks accumulate
  ok("tengen-mark_dead");
  EXPECT_TRUE(engine_.state().deadMarks.empty());
}

TEST_F(Tengen, MarksAreClearedByEveryChangeOfPosition) {
  setUpGame();
  for (const char* change : {"play b d1", "undo", "play w pass", "clear_board", "boardsize 5"}) {
    if (engine_.state().game.board().emptyCount() == 25) setUpGame();
    ok("tengen-mark_dead e4");
    ok(change);
    EXPECT_TRUE(engine_.state().deadMarks.empty()) << change;
  }
}

TEST_F(Tengen, StatusAfterTwoPassesUsesTheMarks) {
  setUpGame();
  EXPECT_EQ(ok("tengen-status"), "playing");
  run("play b pass\nplay w pass");
  EXPECT_EQ(ok("tengen-status"), "over W+5.5");
  ok("tengen-mark_dead a2 e4");
  EXPECT_EQ(ok("tengen-status"), "over W+12.5");
  ok("play b d1");  // a move after the end resumes the game
  EXPECT_EQ(ok("tengen-status"), "playing");
}

TEST_F(Tengen, StatusUnderAgaNeedsWhiteToPassLast) {
  setUpGame();
  ok("tengen-set_rules aga");
  run("play w pass\nplay b pass");
  EXPECT_EQ(ok("tengen-status"), "playing");
  ok("play w pass");
  // AGA: area counting, and each pass gave the opponent a prisoner -- prisoners only count
  // under territory scoring, so area is unchanged: W+5.5 as under chinese.
  EXPECT_EQ(ok("tengen-status"), "over W+5.5");
}

// Ing: two passes do not end the game, four do.
TEST_F(Tengen, StatusUnderIngNeedsFourPasses) {
  setUpGame();
  ok("tengen-set_rules ing");
  run("play b pass\nplay w pass\nplay b pass");
  EXPECT_EQ(ok("tengen-status"), "playing");
  ok("play w pass");
  EXPECT_EQ(ok("tengen-status"), "over W+5.5");
}

// IGS's move limit: the game stops without a result at the move that reaches it.
TEST_F(Tengen, StatusAtTheMoveLimitIsVoid) {
  setUpGame();  // 14 moves
  ok("tengen-set_rules igs move_limit=16");
  ok("play b d1");
  EXPECT_EQ(ok("tengen-status"), "playing");
  ok("play w pass");
  EXPECT_EQ(ok("tengen-status"), "over Void");
}

TEST_F(Tengen, TooManyArguments) {
  EXPECT_EQ(error("tengen-score now"), "syntax error");
  EXPECT_EQ(error("tengen-status x"), "syntax error");
  EXPECT_EQ(error("tengen-legal_moves b w"), "syntax error");
}

}  // namespace
}  // namespace tengen::gtp
