// boardsize, clear_board, komi, play, undo, showboard, is_legal (GTP v2 6.3.2-6.3.5).
#include <gtest/gtest.h>

#include "engine_fixture.h"

namespace tengen::gtp {
namespace {

class Play : public EngineTest {};

TEST_F(Play, DefaultsAreChineseKomi75On19x19) {
  EXPECT_EQ(ok("tengen-get_rules"), "chinese komi=7.5");
  EXPECT_EQ(engine_.state().game.size(), 19);
}

TEST_F(Play, BoardsizeAcceptsTwoToTwentyFive) {
  EXPECT_EQ(error("boardsize 1"), "unacceptable size");
  EXPECT_EQ(error("boardsize 26"), "unacceptable size");
  EXPECT_EQ(error("boardsize nine"), "syntax error");
  EXPECT_EQ(error("boardsize 99999999999999999999"), "syntax error");
  EXPECT_EQ(error("boardsize"), "syntax error");
  ok("boardsize 2");
  EXPECT_EQ(board(), "..\n..\n");
  ok("boardsize 25");
  EXPECT_EQ(engine_.state().game.size(), 25);
}

TEST_F(Play, BoardsizeAndClearBoardEmptyTheBoardButKeepRulesAndKomi) {
  run("komi 0.5\ntengen-set_rules japanese\nboardsize 5\nplay b c3");
  ok("clear_board");
  EXPECT_EQ(board(), ".....\n.....\n.....\n.....\n.....\n");
  EXPECT_EQ(ok("tengen-get_rules"), "japanese komi=0.5");
  EXPECT_EQ(error("undo"), "cannot undo");
}

TEST_F(Play, Komi) {
  ok("komi -3.5");
  EXPECT_EQ(engine_.state().game.rules().komi, -3.5);
  ok("komi +6");
  EXPECT_EQ(engine_.state().game.rules().komi, 6);
  EXPECT_EQ(error("komi seven"), "syntax error");
  EXPECT_EQ(error("komi 7.5.1"), "syntax error");
  EXPECT_EQ(error("komi nan"), "syntax error");
  // A number, but not a whole or half one: the reply says why.
  EXPECT_NE(error("komi 7.3").find("whole or half"), std::string::npos);
  EXPECT_EQ(engine_.state().game.rules().komi, 6);
}

TEST_F(Play, PlayCapturesAndTheOtherColourMovesNext) {
  run("boardsize 3\nplay b b2\nplay w a1\nplay b b1\nplay b a2");  // Black twice in a row
  EXPECT_EQ(board(), "...\nXX.\n.X.\n");                           // white A1 captured
  EXPECT_EQ(engine_.state().game.toMove(), go::Color::White);
  ok("play white pass");
  EXPECT_EQ(engine_.state().game.toMove(), go::Color::Black);
}

TEST_F(Play, PlayErrors) {
  ok("boardsize 5");
  ok("play b c3");
  EXPECT_EQ(error("play w c3"), "illegal move");  // occupied
  EXPECT_EQ(error("play red c3"), "syntax error");
  EXPECT_EQ(error("play b z9"), "syntax error");
  EXPECT_EQ(error("play b f1"), "syntax error");  // off this 5x5 board
  EXPECT_EQ(error("play b i1"), "syntax error");  // GTP has no column I
  EXPECT_EQ(error("play b"), "syntax error");
  EXPECT_EQ(error("play b c4 c5"), "syntax error");
}

TEST_F(Play, SingleStoneSuicideIsIllegalEvenUnderTrompTaylor) {
  run("boardsize 3\ntengen-set_rules tromp-taylor\nplay w a2\nplay w b1");
  EXPECT_EQ(error("play b a1"), "illegal move");
}

TEST_F(Play, MultiStoneSuicideFollowsTheRules) {
  // Rules reference: suicide=allowed permits multi-stone suicide (Tromp-Taylor rule 7).
  // O . O    Black A1 would leave A1-A2 without liberties and capture nothing.
  // X O .
  // . O .
  run("boardsize 3\nplay w a3\nplay w b2\nplay w b1\nplay b a2\nplay w c3");
  EXPECT_EQ(error("play b a1"), "illegal move");  // chinese forbids it
  ok("tengen-set_rules tromp-taylor");
  ok("play b a1");
  EXPECT_EQ(board(), "O.O\n.O.\n.O.\n");
}

TEST_F(Play, SuicideThatRecreatesABoardIsSuperko) {
  // Without White's C3 the suicide would restore the board before Black's A2: positional
  // superko forbids that even where suicide is allowed (Tromp-Taylor rules 7-8).
  run("boardsize 3\ntengen-set_rules tromp-taylor\nplay w a3\nplay w b2\nplay w b1\nplay b a2");
  EXPECT_EQ(ok("is_legal b a1"), "0");
  ok("tengen-set_rules tromp-taylor ko=simple");
  EXPECT_EQ(ok("is_legal b a1"), "1");
}

TEST_F(Play, SimpleKoAndItsEndAfterAThreat) {
  // . X O .     Black takes at C3, White may not retake at B3 at once.
  // X O . O
  // . X O .
  run("boardsize 4\ntengen-set_rules japanese\n"
      "play b b4\nplay w c4\nplay b a3\nplay w b3\nplay b b2\nplay w c2\nplay w d3\n"
      "play b c3");
  EXPECT_EQ(board(), ".XO.\nX.XO\n.XO.\n....\n");
  EXPECT_EQ(error("play w b3"), "illegal move");
  run("play w a1\nplay b b1");  // a threat and its answer
  ok("play w b3");
  EXPECT_EQ(board(), ".XO.\nXO.O\n.XO.\nOX..\n");
}

TEST_F(Play, UndoTakesBackMovesButNotSetup) {
  run("boardsize 9\nfixed_handicap 2\nplay w e5\nplay b d5");
  ok("undo");
  ok("undo");
  EXPECT_EQ(error("undo"), "cannot undo");
  EXPECT_EQ(engine_.state().game.board().stoneCount(go::Color::Black), 2);
  EXPECT_EQ(engine_.state().game.toMove(), go::Color::White);
}

TEST_F(Play, UndoRestoresCapturedStones) {
  run("boardsize 3\nplay w a1\nplay b a2\nplay b b1");
  EXPECT_EQ(board(), "...\nX..\n.X.\n");
  ok("undo");
  EXPECT_EQ(board(), "...\nX..\nO..\n");
}

TEST_F(Play, ShowboardDrawsLettersRowsAndCaptures) {
  run("boardsize 3\nplay w a1\nplay b a2\nplay b b1");
  EXPECT_EQ(ok("showboard"),
            "\n"
            "    A B C\n"
            "  3 . . . 3\n"
            "  2 X . . 2\n"
            "  1 . X . 1\n"
            "    A B C\n"
            "captures: black 1 white 0\n"
            "to move: white, moves: 3\n"
            "rules: chinese, komi 7.5");
}

TEST_F(Play, ShowboardSkipsColumnI) {
  ok("boardsize 10");
  const std::string text = ok("showboard");
  EXPECT_NE(text.find("    A B C D E F G H J K\n"), std::string::npos);
  EXPECT_NE(text.find(" 10 . . . . . . . . . . 10\n"), std::string::npos);
}

TEST_F(Play, IsLegal) {
  run("boardsize 3\nplay w a2\nplay w b1");
  EXPECT_EQ(ok("is_legal b a1"), "0");  // suicide
  EXPECT_EQ(ok("is_legal w a1"), "1");
  EXPECT_EQ(ok("is_legal b a2"), "0");  // occupied
  EXPECT_EQ(ok("is_legal black pass"), "1");
  EXPECT_EQ(error("is_legal b"), "syntax error");
  EXPECT_EQ(error("is_legal x a1"), "syntax error");
  EXPECT_EQ(error("is_legal b d4"), "syntax error");
}

TEST_F(Play, IsLegalSeesPositionalSuperko) {
  // The simple-ko shape of SimpleKoAndItsEndAfterAThreat, then Black passes: the ko ban
  // is lifted, but retaking recreates an earlier board.
  run("boardsize 4\n"
      "play b b4\nplay w c4\nplay b a3\nplay w b3\nplay b b2\nplay w c2\nplay w d3\n"
      "play b c3\nplay b pass");
  EXPECT_EQ(ok("is_legal w b3"), "0");
  ok("tengen-set_rules japanese");
  EXPECT_EQ(ok("is_legal w b3"), "1");
}

}  // namespace
}  // namespace tengen::gtp
