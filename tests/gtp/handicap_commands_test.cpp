// fixed_handicap, place_free_handicap, set_free_handicap (GTP v2 6.3.3, 4.1.1).
#include <gtest/gtest.h>

#include <set>
#include <sstream>

#include "engine_fixture.h"
#include "gtp/free_handicap.h"

namespace tengen::gtp {
namespace {

class Handicap : public EngineTest {};

std::vector<std::string> words(const std::string& text) {
  std::istringstream in(text);
  std::vector<std::string> out;
  for (std::string w; in >> w;) out.push_back(w);
  return out;
}

TEST_F(Handicap, FixedPlacementAsGtpSpecifies) {
  EXPECT_EQ(ok("fixed_handicap 9"), "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10");
  EXPECT_EQ(engine_.state().game.handicap(), 9);
  EXPECT_EQ(engine_.state().game.toMove(), go::Color::White);
  ok("boardsize 9");
  EXPECT_EQ(ok("fixed_handicap 5"), "C3 G7 C7 G3 E5");
  ok("boardsize 13");
  EXPECT_EQ(ok("fixed_handicap 2"), "D4 K10");
}

TEST_F(Handicap, FixedErrors) {
  EXPECT_EQ(error("fixed_handicap 1"), "invalid handicap");
  EXPECT_EQ(error("fixed_handicap 10"), "invalid handicap");
  EXPECT_EQ(error("fixed_handicap two"), "syntax error");
  ok("boardsize 8");
  EXPECT_EQ(error("fixed_handicap 5"), "invalid handicap");  // even sizes stop at 4
  ok("boardsize 6");
  EXPECT_EQ(error("fixed_handicap 2"), "invalid handicap");
  ok("boardsize 19");
  ok("play b k10");
  EXPECT_EQ(error("fixed_handicap 2"), "board not empty");
}

TEST_F(Handicap, PassesAloneDoNotBlockHandicap) {
  run("play b pass\nplay w pass");
  EXPECT_EQ(ok("fixed_handicap 2"), "D4 Q16");
  EXPECT_EQ(error("undo"), "cannot undo");  // the passes went with the old game
}

TEST_F(Handicap, HandicapStonesScoreAsSetupWithTheBonus) {
  // Chinese: White gets n points for n handicap stones. Black's 2 stones own the board.
  run("boardsize 9\nfixed_handicap 2");
  EXPECT_EQ(ok("final_score"), "B+71.5");  // 81 - (7.5 + 2)
}

TEST_F(Handicap, PlaceFreeUsesFixedPointsWhenItCan) {
  EXPECT_EQ(ok("place_free_handicap 4"), "D4 Q16 D16 Q4");
  EXPECT_EQ(error("place_free_handicap 4"), "board not empty");
}

TEST_F(Handicap, PlaceFreeBeyondNineAddsDistinctPointsAwayFromTheEdge) {
  const auto stones = words(ok("place_free_handicap 13"));
  ASSERT_EQ(stones.size(), 13u);
  EXPECT_EQ(std::vector<std::string>(stones.begin(), stones.begin() + 9),
            words("D4 Q16 D16 Q4 D10 Q10 K4 K16 K10"));
  EXPECT_EQ(std::set<std::string>(stones.begin(), stones.end()).size(), 13u);
  const go::Geometry g(19);
  for (const std::string& s : stones) {
    const go::Point p = *g.fromGtp(s);
    EXPECT_GE(g.col(p), 2) << s;
    EXPECT_LE(g.col(p), 16) << s;
    EXPECT_GE(g.row(p), 2) << s;
    EXPECT_LE(g.row(p), 16) << s;
  }
  EXPECT_EQ(engine_.state().game.handicap(), 13);
  EXPECT_EQ(engine_.state().game.board().stoneCount(go::Color::Black), 13);
}

TEST_F(Handicap, PlaceFreeMayPlaceFewerOnSmallBoards) {
  ok("boardsize 3");
  const auto stones = words(ok("place_free_handicap 8"));
  EXPECT_GE(stones.size(), 1u);
  EXPECT_LT(stones.size(), 8u);
  EXPECT_EQ(engine_.state().game.handicap(), static_cast<int>(stones.size()));
}

TEST_F(Handicap, PlaceFreeErrors) {
  ok("boardsize 3");
  EXPECT_EQ(error("place_free_handicap 1"), "invalid number of stones");
  EXPECT_EQ(error("place_free_handicap 9"), "invalid number of stones");
  EXPECT_EQ(error("place_free_handicap x"), "syntax error");
}

TEST_F(Handicap, SetFree) {
  ok("boardsize 9");
  ok("set_free_handicap a1 J9 e5");
  EXPECT_EQ(board(),
            "........X\n.........\n.........\n.........\n....X....\n"
            ".........\n.........\n.........\nX........\n");
  EXPECT_EQ(engine_.state().game.handicap(), 3);
  EXPECT_EQ(engine_.state().game.toMove(), go::Color::White);
  EXPECT_EQ(error("set_free_handicap b2 c3"), "board not empty");
}

TEST_F(Handicap, SetFreeBadVertexLists) {
  ok("boardsize 3");
  EXPECT_EQ(error("set_free_handicap"), "bad vertex list");
  EXPECT_EQ(error("set_free_handicap a1"), "bad vertex list");
  EXPECT_EQ(error("set_free_handicap a1 a1"), "bad vertex list");
  EXPECT_EQ(error("set_free_handicap a1 pass"), "bad vertex list");
  EXPECT_EQ(error("set_free_handicap a1 d4"), "bad vertex list");
  EXPECT_EQ(error("set_free_handicap a1 a2 a3 b1 b2 b3 c1 c2 c3"),
            "bad vertex list");  // no point left
  EXPECT_EQ(engine_.state().game.board().emptyCount(), 9);
}

TEST(FreeHandicap, SmallBoardsAndDegenerateCounts) {
  EXPECT_TRUE(freeHandicap(19, 1).empty());
  EXPECT_EQ(freeHandicap(2, 3).size(), 2u);  // half the board at most
  const auto five = freeHandicap(5, 4);
  EXPECT_EQ(five.size(), 4u);
  const go::Geometry g(5);
  for (go::Point p : five) {
    EXPECT_TRUE(g.col(p) >= 1 && g.col(p) <= 3 && g.row(p) >= 1 && g.row(p) <= 3);
  }
}

}  // namespace
}  // namespace tengen::gtp
