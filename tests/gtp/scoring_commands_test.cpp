// final_score and final_status_list (GTP v2 6.3.6): Tromp-Taylor counts the board as it
// stands; other rules take the dead-stone proposal (go/dead_stones.h): stones inside the
// opponent's pass-alive territory certainly, others as the ownership estimate finds them.
#include <gtest/gtest.h>

#include "engine_fixture.h"

namespace tengen::gtp {
namespace {

class Scoring : public EngineTest {
 protected:
  //   A B C D E F G
  // 7 . X O . . . .   Black's chain (column B and A4) has two eyes, {A1 A2 A3} and
  // 6 . X O . . . .   {A5 A6 A7}, so it is pass-alive and White's A2 inside is dead.
  // 5 . X O . . . .   White's wall has no eye: F4 cannot be proven dead, but the
  // 4 X X O . . X .   estimate finds it alone in White's area, so it is proposed dead.
  // 3 . X O . . . .
  // 2 O X O . . . .
  // 1 . X O . . . .
  void setUpWalls() {
    ok("boardsize 7");
    for (const char* row : {"1", "2", "3", "4", "5", "6", "7"}) {
      ok(std::string("play b b") + row);
      ok(std::string("play w c") + row);
    }
    run("play b a4\nplay w a2\nplay b f4");
  }
};

TEST_F(Scoring, CertainAndEstimatedDeadStones) {
  setUpWalls();
  // Black: 8 stones + A1 A2 A3 A5 A6 A7 = 14. White: 7 stones + D-G 28 + 7.5 = 42.5.
  EXPECT_EQ(ok("final_score"), "W+28.5");
  EXPECT_EQ(ok("final_status_list dead"), "A2\nF4");
  EXPECT_EQ(ok("final_status_list alive"), "B1 B2 B3 A4 B4 B5 B6 B7\nC1 C2 C3 C4 C5 C6 C7");
  EXPECT_EQ(ok("final_status_list seki"), "");
}

TEST_F(Scoring, EmptyAreaOfOneColourCounts) {
  setUpWalls();
  ok("undo");  // F4
  // Black: 8 + 6 = 14. White: 7 + 28 (columns D-G) + 7.5 = 42.5.
  EXPECT_EQ(ok("final_score"), "W+28.5");
}

TEST_F(Scoring, TrompTaylorScoresTheBoardAsItStands) {
  setUpWalls();
  ok("tengen-set_rules tromp-taylor");
  // A2 stays: A1 and A3 touch both colours. Black: 9 + A5 A6 A7 = 12; White 8 + 7.5.
  EXPECT_EQ(ok("final_score"), "W+3.5");
  EXPECT_EQ(ok("final_status_list dead"), "");
}

TEST_F(Scoring, JapaneseCountsTerritoryAndPrisoners) {
  setUpWalls();
  run("undo\ntengen-set_rules japanese\nkomi 6.5");
  // Black: territory A1 A2 A3 A5 A6 A7 = 6, plus the dead A2 stone. White: D-G = 28 + 6.5.
  EXPECT_EQ(ok("final_score"), "W+27.5");
}

TEST_F(Scoring, EmptyBoardIsKomi) {
  EXPECT_EQ(ok("final_score"), "W+7.5");
  ok("komi 0");
  EXPECT_EQ(ok("final_score"), "0");
  ok("komi -2");
  EXPECT_EQ(ok("final_score"), "B+2");
  EXPECT_EQ(ok("final_status_list alive"), "");
}

TEST_F(Scoring, FinalStatusListRejectsOtherStatuses) {
  EXPECT_EQ(error("final_status_list black_territory"), "syntax error");
  EXPECT_EQ(error("final_status_list"), "syntax error");
}

class Seki : public EngineTest {
 protected:
  // A seki without eyes (Japanese 1989, art. 7-8): Black's A1-B3 and White's C3-D1 share
  // their only liberties B2 and C1. Filling either is self-atari, and a throw-in hands the
  // taker five points of room. GNU Go 3.8 agrees: seki, B+17.5 Japanese, B+20.5 Chinese.
  //    A B C D E F G H J
  //  9 . . . O X . . . .
  //  8 . . . O X . . . .
  //  7 . . . O X . . . .
  //  6 . . . O X . . . .
  //  5 O O O O X . . . .
  //  4 O O X X X . . . .
  //  3 X X O X X . . . .
  //  2 X . O O X . . . .
  //  1 X X . O X . . . .
  void SetUp() override {
    std::string setup = "boardsize 9\nkomi 6.5";
    for (const char* v : {"D9", "D8", "D7", "D6", "A5", "B5", "C5", "D5", "A4", "B4", "C3",
                          "C2", "D2", "D1"}) {
      setup += std::string("\nplay w ") + v;
    }
    for (const char* v : {"E9", "E8", "E7", "E6", "E5", "C4", "D4", "E4", "A3", "B3", "D3",
                          "E3", "A2", "E2", "A1", "B1", "E1"}) {
      setup += std::string("\nplay b ") + v;
    }
    run(setup);
  }
};

TEST_F(Seki, ListedWhereTheRulesTaxSeki) {
  ok("tengen-set_rules japanese");
  ok("komi 6.5");
  EXPECT_EQ(ok("final_status_list seki"), "A1 B1 A2 A3 B3\nD1 C2 D2 C3");
  EXPECT_EQ(ok("final_status_list dead"), "");
  // Black's F-J (36) against White's A6-C9 (12) and komi; B2 and C1 are nobody's.
  EXPECT_EQ(ok("final_score"), "B+17.5");
}

TEST_F(Seki, AliveUnderAreaScoringWithoutTax) {
  EXPECT_EQ(ok("final_status_list seki"), "");
  EXPECT_EQ(ok("final_status_list dead"), "");
  EXPECT_EQ(ok("final_score"), "B+20.5");
}

// The same shape with White's inner chain a single stone is no seki: White throws in at A1,
// Black must take two stones and keeps a two-point eye, where White plays again.
//   A B C D E
// 3 O O O O O
// 2 X X X X O
// 1 . O . X O
TEST_F(EngineTest, AThrowInKillsWhatLooksLikeSeki) {
  run("boardsize 5\nplay w a3\nplay w b3\nplay w c3\nplay w d3\nplay w e3\nplay w e2\n"
      "play w e1\nplay b a2\nplay b b2\nplay b c2\nplay b d2\nplay b d1\nplay w b1");
  ok("tengen-set_rules japanese");
  EXPECT_EQ(ok("final_status_list seki"), "");
  EXPECT_EQ(ok("final_status_list dead"), "D1 A2 B2 C2 D2");
}

// Finished GNU Go self-play games from the dead-stone corpus (tests/data/deadstones), with
// GNU Go 3.8's own answers recorded in its manifest.
class CorpusGame : public EngineTest {
 protected:
  void load(const std::string& file) {
    ok("loadsgf " + std::string(TENGEN_SOURCE_DIR) + "/tests/data/deadstones/" + file);
  }
};

TEST_F(CorpusGame, JapaneseRulesCountDeadStonesAsPrisoners) {
  // Black's G7 F8 G8 G9 has one liberty, H9, where White's H8 H7 J7 would capture it.
  load("9x9-0016.sgf");
  EXPECT_EQ(ok("final_status_list dead"), "G7 F8 G8 G9");
  EXPECT_EQ(ok("final_score"), "W+17.5");
}

TEST_F(CorpusGame, ChineseRulesCountArea) {
  load("9x9-0021.sgf");
  EXPECT_EQ(ok("final_status_list dead"), "G3\nG5 F6 G6 H6");
  EXPECT_EQ(ok("final_score"), "W+32.5");
}

}  // namespace
}  // namespace tengen::gtp
