// Handicap: GTP fixed_handicap placement (each n adds to n-1, except
// that 6 and 8 drop the centre; 3rd line on small boards, 4th from 13x13; at most 9 stones
// on odd sizes from 9x9, 4 on even sizes and 7x7, none below), free placement, the bonus
// White receives (issue #2: 0 | n | n-1), and the handicap position as the game's first
// position for superko.
#include "go/handicap.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>
#include <string>
#include <vector>

#include "diagram.h"

namespace tengen::go::test {
namespace {

// The placement as sorted GTP vertices, or "none".
std::string placement(int size, int n) {
  const auto stones = fixedHandicap(size, n);
  if (!stones) return "none";
  const Geometry g(size);
  std::vector<std::string> names;
  for (Point p : *stones) names.push_back(g.toGtp(p));
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : " ") + name;
  return out;
}

std::string sorted(std::string vertices) {
  std::istringstream in(vertices);
  std::vector<std::string> names;
  for (std::string v; in >> v;) names.push_back(v);
  std::sort(names.begin(), names.end());
  std::string out;
  for (const auto& name : names) out += (out.empty() ? "" : " ") + name;
  return out;
}

// Rows of the fixed handicap table, for one board size: the corners in GTP order,
// then the side points, then the centre.
void expectTable(int size, const char* c2, const char* c3, const char* c4, const char* centre,
                 const char* leftRight, const char* topBottom) {
  const std::string two = c2;
  const std::string four = two + " " + c3 + " " + c4;
  const std::string six = four + " " + leftRight;
  const std::string eight = six + " " + topBottom;
  EXPECT_EQ(placement(size, 2), sorted(two)) << size;
  EXPECT_EQ(placement(size, 3), sorted(two + " " + c3)) << size;
  EXPECT_EQ(placement(size, 4), sorted(four)) << size;
  EXPECT_EQ(placement(size, 5), sorted(four + " " + centre)) << size;
  EXPECT_EQ(placement(size, 6), sorted(six)) << size;
  EXPECT_EQ(placement(size, 7), sorted(six + " " + centre)) << size;
  EXPECT_EQ(placement(size, 8), sorted(eight)) << size;
  EXPECT_EQ(placement(size, 9), sorted(eight + " " + centre)) << size;
}

TEST(FixedHandicap, NineteenByNineteenFollowsTheGtpTable) {
  expectTable(19, "D4 Q16", "D16", "Q4", "K10", "D10 Q10", "K4 K16");
}

TEST(FixedHandicap, ThirteenByThirteenFollowsTheGtpTable) {
  expectTable(13, "D4 K10", "D10", "K4", "G7", "D7 K7", "G4 G10");
}

TEST(FixedHandicap, NineByNineFollowsTheGtpTable) {
  expectTable(9, "C3 G7", "C7", "G3", "E5", "C5 G5", "E3 E7");
}

// GTP puts the third stone in the upper left (D16), where the Japanese tradition puts it in
// the lower right (Q4); the GTP command follows GTP.
TEST(FixedHandicap, ThreeStonesTakeTheUpperLeftCorner) {
  Game game(19, rulesFor("japanese"));
  ASSERT_TRUE(game.placeHandicap(*fixedHandicap(19, 3)));
  EXPECT_EQ(render(game.board()), R"(
   A B C D E F G H J K L M N O P Q R S T
19 . . . . . . . . . . . . . . . . . . .
18 . . . . . . . . . . . . . . . . . . .
17 . . . . . . . . . . . . . . . . . . .
16 . . . X . . . . . . . . . . . X . . .
15 . . . . . . . . . . . . . . . . . . .
14 . . . . . . . . . . . . . . . . . . .
13 . . . . . . . . . . . . . . . . . . .
12 . . . . . . . . . . . . . . . . . . .
11 . . . . . . . . . . . . . . . . . . .
10 . . . . . . . . . . . . . . . . . . .
 9 . . . . . . . . . . . . . . . . . . .
 8 . . . . . . . . . . . . . . . . . . .
 7 . . . . . . . . . . . . . . . . . . .
 6 . . . . . . . . . . . . . . . . . . .
 5 . . . . . . . . . . . . . . . . . . .
 4 . . . X . . . . . . . . . . . . . . .
 3 . . . . . . . . . . . . . . . . . . .
 2 . . . . . . . . . . . . . . . . . . .
 1 . . . . . . . . . . . . . . . . . . .
)");
}

TEST(FixedHandicap, NineStonesOnNineByNine) {
  Game game(9, rulesFor("japanese"));
  ASSERT_TRUE(game.placeHandicap(*fixedHandicap(9, 9)));
  EXPECT_EQ(render(game.board()), R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . X . X . X . .
 6 . . . . . . . . .
 5 . . X . X . X . .
 4 . . . . . . . . .
 3 . . X . X . X . .
 2 . . . . . . . . .
 1 . . . . . . . . .
)");
}

TEST(FixedHandicap, OtherOddSizes) {
  EXPECT_EQ(placement(11, 9), sorted("C3 J9 C9 J3 C6 J6 F3 F9 F6"));
  EXPECT_EQ(placement(15, 9), sorted("D4 M12 D12 M4 D8 M8 H4 H12 H8"));
  EXPECT_EQ(placement(25, 9), sorted("D4 W22 D22 W4 D13 W13 N4 N22 N13"));
  EXPECT_EQ(placement(7, 4), sorted("C3 E5 C5 E3"));
}

// Even sizes have no centre, so only the four corners.
TEST(FixedHandicap, EvenSizesUseTheCorners) {
  EXPECT_EQ(placement(8, 4), sorted("C3 F6 C6 F3"));
  EXPECT_EQ(placement(10, 4), sorted("C3 H8 C8 H3"));
  // tengen follows GNU Go, the GTP reference engine, which moves to the 4th line from 12x12
  // (tests/gnugo compares every size with it); gomill and KataGo keep 12x12 on the 3rd
  // line (C3 K10 C10 K3).
  EXPECT_EQ(placement(12, 4), sorted("D4 J9 D9 J4"));
  EXPECT_EQ(placement(14, 2), sorted("D4 L11"));
  EXPECT_EQ(placement(24, 4), sorted("D4 V21 D21 V4"));
}

TEST(FixedHandicap, MaximumCounts) {
  for (int size = kMinSize; size <= kMaxSize; ++size) {
    const int expected = size < 7 ? 0 : (size % 2 == 0 || size == 7) ? 4 : 9;
    EXPECT_EQ(maxFixedHandicap(size), expected) << size;
    EXPECT_EQ(placement(size, expected + 1), "none") << size;
    EXPECT_EQ(placement(size, 1), "none") << size;
    EXPECT_EQ(placement(size, 0), "none") << size;
    if (expected > 0) {
      EXPECT_NE(placement(size, expected), "none") << size;
    }
  }
}

TEST(PlaceHandicap, StonesAreSetupAndWhiteMovesFirst) {
  Game game(19, rulesFor("japanese"));
  ASSERT_TRUE(game.placeHandicap(*fixedHandicap(19, 4)));
  EXPECT_EQ(game.handicap(), 4);
  EXPECT_EQ(game.toMove(), Color::White);
  EXPECT_EQ(game.initialToMove(), Color::White);
  EXPECT_TRUE(game.moves().empty());
  EXPECT_EQ(game.initialBoard().stoneCount(Color::Black), 4);
  EXPECT_EQ(playMoves(game, "B Q10", PlayMode::Strict), "B Q10: not your turn");
}

TEST(PlaceHandicap, RefusedUnlessTheBoardIsEmptyAndUnplayed) {
  Game game(9, rulesFor("chinese"));
  const Geometry& g = game.geometry();
  EXPECT_FALSE(game.placeHandicap({vertex(g, "C3"), vertex(g, "C3")}));
  EXPECT_EQ(game.board().stoneCount(Color::Black), 0);
  ASSERT_TRUE(game.placeHandicap({vertex(g, "C3"), vertex(g, "G7")}));
  EXPECT_FALSE(game.placeHandicap({vertex(g, "E5")}));
  Game played(9, rulesFor("chinese"));
  ASSERT_EQ(playMoves(played, "B E5 W pass"), "");
  EXPECT_FALSE(played.placeHandicap({vertex(g, "C3"), vertex(g, "G7")}));
}

// Free placement, then White A1, a Black pass, and White's two-stone suicide at A2 that
// leaves exactly the handicap position: positional superko counts that first position.
TEST(PlaceHandicap, TheHandicapPositionCountsForSuperko) {
  for (const auto& [rules, want] : {std::pair{"tromp-taylor", MoveVerdict::Superko},
                                    std::pair{"tromp-taylor ko=situational", MoveVerdict::Legal},
                                    std::pair{"chinese", MoveVerdict::Suicide}}) {
    Game game(5, rulesFor(rules));
    const Geometry& g = game.geometry();
    ASSERT_TRUE(game.placeHandicap({vertex(g, "A3"), vertex(g, "B2"), vertex(g, "B1")}));
    ASSERT_EQ(playMoves(game, "W A1 B pass"), "") << rules;
    EXPECT_EQ(verdict(game, "W A2"), want) << rules;
  }
}

// Nine handicap stones' worth of board for Black; White passes, Black passes. The bonus
// White receives: n under Chinese rules, n-1 under AGA, nothing under Japanese rules.
TEST(HandicapBonus, AddsNOrNMinusOneToWhite) {
  struct Case {
    const char* rules;
    int bonus;
    const char* result;
  };
  for (const Case& c :
       {Case{"chinese komi=0.5", 4, "B+76.5"}, Case{"aga komi=0.5", 3, "B+77.5"},
        Case{"japanese komi=0.5", 0, "B+76.5"}, Case{"ing komi=0.5", 0, "B+80.5"}}) {
    Game game(9, rulesFor(c.rules));
    ASSERT_TRUE(game.placeHandicap(*fixedHandicap(9, 4)));
    ASSERT_EQ(playMoves(game, "W pass B pass"), "");
    const ScoreBreakdown s = scoreGame(game, {});
    EXPECT_EQ(s.white.handicapBonus, c.bonus) << c.rules;
    EXPECT_EQ(s.result, c.result) << c.rules;
  }
}

TEST(HandicapBonus, OneStoneIsNoHandicap) {
  Game game(9, rulesFor("chinese komi=0.5"));
  ASSERT_TRUE(game.placeHandicap({vertex(game.geometry(), "E5")}));
  EXPECT_EQ(scoreGame(game, {}).white.handicapBonus, 0);
}

}  // namespace
}  // namespace tengen::go::test
