// Counting (the dimensions scoring and tax of go/rules.h):
//  - area: stones + empty points reaching only one's own colour (Tromp-Taylor, Chinese);
//  - territory: surrounded empty points + prisoners, dead stones included (Japanese 1989
//    art. 10);
//  - tax=seki: eye points of groups in seki score nothing (Japanese 1989 art. 8); seki is
//    found as if every dame either side could fill without self-atari had been filled, and
//    territory is counted on the board as it stands;
//  - tax=all: seki, and 2 points off for each living group (ancient Chinese group tax).
#include "go/scoring.h"

#include <gtest/gtest.h>

#include "diagram.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

ScoreBreakdown score(std::string_view diagram, std::string_view rules) {
  return scoreGame(parseGame(diagram, rules), parseDead(diagram));
}

// Black's wall on column C, White's on D; B5 (White) and F5 (Black) are dead.
constexpr std::string_view kDeadStones = R"(
   A B C D E F G
 7 . . X O . . .
 6 . . X O . . .
 5 . o X O . x .
 4 . . X O . . .
 3 . . X O . . .
 2 . . X O . . .
 1 . . X O . . .
)";

TEST(AreaScoring, DeadStonesLeaveAndTheirPointsAreTerritory) {
  const ScoreBreakdown s = score(kDeadStones, "chinese");
  EXPECT_EQ(renderScore(parseBoard(kDeadStones), s), R"(
   A B C D E F G
 7 b b X O w w w
 6 b b X O w w w
 5 b o X O w x w
 4 b b X O w w w
 3 b b X O w w w
 2 b b X O w w w
 1 b b X O w w w
)");
  EXPECT_EQ(s.black.stones, 7);
  EXPECT_EQ(s.black.territory, 14);
  EXPECT_EQ(s.white.stones, 7);
  EXPECT_EQ(s.white.territory, 21);
  EXPECT_EQ(s.black.deadStones, 0);
  EXPECT_EQ(s.white.komi, 7.5);
  EXPECT_EQ(s.result, "W+14.5");
}

TEST(TerritoryScoring, DeadStonesArePrisonersAndTheirPointsAreTerritory) {
  const ScoreBreakdown s = score(kDeadStones, "japanese");
  EXPECT_EQ(renderScore(parseBoard(kDeadStones), s), R"(
   A B C D E F G
 7 b b X O w w w
 6 b b X O w w w
 5 b o X O w x w
 4 b b X O w w w
 3 b b X O w w w
 2 b b X O w w w
 1 b b X O w w w
)");
  EXPECT_EQ(s.black.stones, 0);
  EXPECT_EQ(s.black.territory, 14);
  EXPECT_EQ(s.black.deadStones, 1);
  EXPECT_EQ(s.white.territory, 21);
  EXPECT_EQ(s.white.deadStones, 1);
  EXPECT_EQ(s.black.total, 15);
  EXPECT_EQ(s.white.total, 28.5);
  EXPECT_EQ(s.result, "W+13.5");
}

// Tromp-Taylor as tengen states it: the board exactly as it stands. With no stone marked
// dead, B5 and F5 count as stones and their areas touch both colours.
TEST(AreaScoring, TrompTaylorCountsTheBoardAsItStands) {
  const Board board = parseBoard(kDeadStones);
  const ScoreBreakdown s = scoreGame(parseGame(kDeadStones, "tromp-taylor"), {});
  EXPECT_EQ(renderScore(board, s), R"(
   A B C D E F G
 7 = = X O = = =
 6 = = X O = = =
 5 = O X O = X =
 4 = = X O = = =
 3 = = X O = = =
 2 = = X O = = =
 1 = = X O = = =
)");
  EXPECT_EQ(s.black.stones, 8);
  EXPECT_EQ(s.white.stones, 8);
  EXPECT_EQ(s.black.territory, 0);
  EXPECT_EQ(s.result, "W+7.5");
}

// Tromp-Taylor: a point scores for a colour only if it reaches that colour and no other;
// on an empty board nothing reaches anything.
TEST(AreaScoring, EmptyBoardScoresNothing) {
  const ScoreBreakdown s = scoreGame(Game(19, rulesFor("tromp-taylor")), {});
  EXPECT_EQ(s.black.total, 0);
  EXPECT_EQ(s.white.total, 7.5);
  EXPECT_EQ(s.dame.count(), 361);
  EXPECT_EQ(s.result, "W+7.5");
}

// Territory scoring with nothing marked dead: B5 and F5 count as alive, so neither area
// is anyone's territory, just as under area scoring. The dame filling that finds seki must
// not create territory (filling Black stones around F5 could wall off a corner of White's
// area otherwise).
TEST(TerritoryScoring, UnmarkedDeadStonesLeaveTheirAreaToNobody) {
  const ScoreBreakdown s = scoreGame(parseGame(kDeadStones, "japanese"), {});
  EXPECT_EQ(renderScore(parseBoard(kDeadStones), s), R"(
   A B C D E F G
 7 = = X O = = =
 6 = = X O = = =
 5 = O X O = X =
 4 = = X O = = =
 3 = = X O = = =
 2 = = X O = = =
 1 = = X O = = =
)");
  EXPECT_EQ(s.black.territory, 0);
  EXPECT_EQ(s.white.territory, 0);
  EXPECT_EQ(s.result, "W+6.5");
}

TEST(Scoring, OneStoneMarksItsWholeChainDead) {
  const Board board = parseBoard(R"(
   A B C D E
 5 . . X O .
 4 . . X O .
 3 . O X O .
 2 . O X O .
 1 . . X O .
)");
  PointSet dead;
  dead.insert(vertex(board.geometry(), "B2"));
  const ScoreBreakdown s = scoreBoard(board, rulesFor("chinese"), {}, dead);
  EXPECT_EQ(s.dead.count(), 2);
  EXPECT_EQ(s.black.territory, 10);
  EXPECT_EQ(s.black.stones, 5);
}

// Playing inside one's own territory costs a point under territory scoring and nothing
// under area scoring. From kDeadStones Black captures B5 with three moves at home while
// White plays twice at home; F5 stays dead.
TEST(TerritoryScoring, MovesAtHomeCostPointsOnlyUnderTerritoryScoring) {
  const char* moves = "B B6 W E6 B A5 W E4 B B4";
  Game area = parseGame(kDeadStones, "chinese");
  ASSERT_EQ(playMoves(area, moves), "");
  Game territory = parseGame(kDeadStones, "japanese komi=7.5");
  ASSERT_EQ(playMoves(territory, moves), "");
  PointSet dead;
  dead.insert(vertex(area.geometry(), "F5"));
  const ScoreBreakdown byArea = scoreGame(area, dead);
  EXPECT_EQ(byArea.black.stones + byArea.black.territory, 21);
  EXPECT_EQ(byArea.white.stones + byArea.white.territory, 28);
  EXPECT_EQ(byArea.result, "W+14.5");
  const ScoreBreakdown byTerritory = scoreGame(territory, dead);
  EXPECT_EQ(byTerritory.black.territory, 11);
  EXPECT_EQ(byTerritory.black.prisoners, 1);
  EXPECT_EQ(byTerritory.white.territory, 19);
  EXPECT_EQ(byTerritory.white.deadStones, 1);
  EXPECT_EQ(byTerritory.result, "W+15.5");
}

// A seki on the top edge: Black's B7-D6 group and White's E7-G6 group each have one eye
// (A7, G7) and share the liberty D7, which neither can fill without being captured. The
// outer groups below have two eyes or more each.
constexpr std::string_view kSeki = R"(
   A B C D E F G
 7 . X X . O O .
 6 X X X X O O O
 5 O O O O X X X
 4 . O . O X . X
 3 O O O O X X X
 2 O . O O X . X
 1 . O O O X X .
)";

// Area scoring counts seki stones and their eyes (Chinese and AGA: "seki eyes count").
TEST(Seki, AreaScoringCountsSekiEyes) {
  const ScoreBreakdown s = score(kSeki, "chinese");
  EXPECT_EQ(renderScore(parseBoard(kSeki), s), R"(
   A B C D E F G
 7 b X X = O O w
 6 X X X X O O O
 5 O O O O X X X
 4 w O w O X b X
 3 O O O O X X X
 2 O w O O X b X
 1 w O O O X X b
)");
  EXPECT_EQ(s.black.stones, 18);
  EXPECT_EQ(s.black.territory, 4);
  EXPECT_EQ(s.white.stones, 21);
  EXPECT_EQ(s.white.territory, 5);
  EXPECT_EQ(s.result, "W+11.5");
}

// Japanese 1989 art. 8: the eyes of groups in seki are not territory.
TEST(Seki, TerritoryScoringGivesSekiEyesNothing) {
  const ScoreBreakdown s = score(kSeki, "japanese");
  EXPECT_EQ(renderScore(parseBoard(kSeki), s), R"(
   A B C D E F G
 7 = X X = O O =
 6 X X X X O O O
 5 O O O O X X X
 4 w O w O X b X
 3 O O O O X X X
 2 O w O O X b X
 1 w O O O X X b
)");
  EXPECT_EQ(s.black.territory, 3);
  EXPECT_EQ(s.white.territory, 4);
  EXPECT_EQ(s.sekiPoints.count(), 3);
  // A7 is Black's seki eye and G7 White's; D7 is a shared liberty, nobody's eye.
  EXPECT_EQ(s.black.sekiPoints, 1);
  EXPECT_EQ(s.white.sekiPoints, 1);
  EXPECT_EQ(s.result, "W+7.5");
}

// IGS counts seki points (tax=none under territory scoring).
TEST(Seki, TerritoryScoringWithoutTaxCountsSekiEyes) {
  const ScoreBreakdown s = score(kSeki, "igs");
  EXPECT_EQ(s.black.territory, 4);
  EXPECT_EQ(s.white.territory, 5);
  EXPECT_TRUE(s.sekiPoints.empty());
  EXPECT_EQ(s.result, "W+7.5");
}

// Shared liberties alone do not make seki when a throw-in kills: here White throws in at
// A1 or C1, Black must take and keeps a two-point eye. A1 and C1 are dame, not seki points
// (the stones are not marked dead, so they count as they stand).
TEST(Seki, AThrowInThatKillsMakesNoSeki) {
  const std::string_view board = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O O O O O
 2 X X X X O
 1 . O . X O
)";
  const ScoreBreakdown s = score(board, "japanese");
  EXPECT_TRUE(s.sekiPoints.empty());
  const Board parsed = parseBoard(board);
  EXPECT_TRUE(s.dame.contains(vertex(parsed.geometry(), "A1")));
}

// Without eyes, but a throw-in hands the taker five points of room: B2 and C1 are seki.
TEST(Seki, SharedLibertiesWithoutEyesAreSeki) {
  const std::string_view board = R"(
   A B C D E F G H J
 9 . . . O X . . . .
 8 . . . O X . . . .
 7 . . . O X . . . .
 6 . . . O X . . . .
 5 O O O O X . . . .
 4 O O X X X . . . .
 3 X X O X X . . . .
 2 X . O O X . . . .
 1 X X . O X . . . .
)";
  const ScoreBreakdown s = score(board, "japanese");
  const Board parsed = parseBoard(board);
  const Geometry& g = parsed.geometry();
  EXPECT_EQ(s.sekiPoints.count(), 2);
  EXPECT_TRUE(s.sekiPoints.contains(vertex(g, "B2")));
  EXPECT_TRUE(s.sekiPoints.contains(vertex(g, "C1")));
  EXPECT_EQ(s.black.territory, 36);
  EXPECT_EQ(s.white.territory, 12);
}

// Ordinary dame are filled before counting, so they never make a group look like seki:
// column C is neutral and both groups keep their territory (issue #2, tax=seki).
constexpr std::string_view kDame = R"(
   A B C D E
 5 . X . O .
 4 . X . O .
 3 X X . O O
 2 . X . O .
 1 . X . O .
)";

TEST(Seki, DameDoNotMakeSeki) {
  const ScoreBreakdown s = score(kDame, "japanese");
  EXPECT_EQ(renderScore(parseBoard(kDame), s), R"(
   A B C D E
 5 b X = O w
 4 b X = O w
 3 X X = O O
 2 b X = O w
 1 b X = O w
)");
  EXPECT_TRUE(s.sekiPoints.empty());
  EXPECT_EQ(s.black.territory, 4);
  EXPECT_EQ(s.white.territory, 4);
  EXPECT_EQ(s.result, "W+6.5");
}

// A White stone in atari inside Black's area, not marked dead. Black can fill A1 by
// capturing it, which puts no Black stone in atari, so A1 is no seki point (issue #2:
// seki means neither player can fill without self-atari): it is dame, and Black's group
// keeps its territory at A5-A4. The unmarked stone counts as alive, as marked stones
// alone leave the board.
constexpr std::string_view kStoneInAtari = R"(
   A B C D E
 5 . X . O .
 4 . X . O .
 3 X X . O O
 2 O X . O .
 1 . X . O .
)";

TEST(Seki, AStoneInAtariDoesNotMakeSeki) {
  const ScoreBreakdown s = score(kStoneInAtari, "japanese");
  EXPECT_EQ(renderScore(parseBoard(kStoneInAtari), s), R"(
   A B C D E
 5 b X = O w
 4 b X = O w
 3 X X = O O
 2 O X = O w
 1 = X = O w
)");
  EXPECT_TRUE(s.sekiPoints.empty());
  EXPECT_EQ(s.black.territory, 2);
  EXPECT_EQ(s.white.territory, 4);
  EXPECT_EQ(s.result, "W+8.5");
}

TEST(Seki, TheSameStoneMarkedDeadIsAPrisoner) {
  const std::string_view marked = R"(
   A B C D E
 5 . X . O .
 4 . X . O .
 3 X X . O O
 2 o X . O .
 1 . X . O .
)";
  const ScoreBreakdown s = score(marked, "japanese");
  EXPECT_EQ(renderScore(parseBoard(marked), s), R"(
   A B C D E
 5 b X = O w
 4 b X = O w
 3 X X = O O
 2 o X = O w
 1 b X = O w
)");
  EXPECT_EQ(s.black.territory, 4);
  EXPECT_EQ(s.black.deadStones, 1);
  EXPECT_EQ(s.result, "W+5.5");
}

// A seki without eyes: Black's C7-D5 group and White's E7-E5 group share D7 and D6 and
// have no other liberty; whoever fills one is captured. D7 and D6 are dame under every
// count; the outer groups keep their territory.
constexpr std::string_view kEyelessSeki = R"(
   A B C D E F G
 7 . O X . O X .
 6 . O X . O X .
 5 . O X X O X .
 4 O O O O X X X
 3 . O . O X . X
 2 O O O O X X X
 1 . . . O X . .
)";

TEST(Seki, WithoutEyesTheSharedLibertiesAreDame) {
  const std::string expected = R"(
   A B C D E F G
 7 w O X = O X b
 6 w O X = O X b
 5 w O X X O X b
 4 O O O O X X X
 3 w O w O X b X
 2 O O O O X X X
 1 w w w O X b b
)";
  const ScoreBreakdown area = score(kEyelessSeki, "chinese");
  EXPECT_EQ(renderScore(parseBoard(kEyelessSeki), area), expected);
  EXPECT_EQ(area.black.stones + area.black.territory, 22);
  EXPECT_EQ(area.white.stones + area.white.territory, 25);
  EXPECT_EQ(area.result, "W+10.5");
  const ScoreBreakdown territory = score(kEyelessSeki, "japanese");
  EXPECT_EQ(renderScore(parseBoard(kEyelessSeki), territory), expected);
  EXPECT_EQ(territory.sekiPoints.count(), 2);
  EXPECT_EQ(territory.black.territory, 6);
  EXPECT_EQ(territory.white.territory, 8);
  EXPECT_EQ(territory.result, "W+8.5");
}

// Stone scoring: 2 points off for each living group (Black two, White one).
TEST(GroupTax, EachLivingGroupPaysTwoPoints) {
  const ScoreBreakdown s = score(kBlackSevenAheadInTwoGroups, "stone-scoring");
  EXPECT_EQ(s.black.stones + s.black.territory, 28);
  EXPECT_EQ(s.black.groupTax, 4);
  EXPECT_EQ(s.white.stones + s.white.territory, 21);
  EXPECT_EQ(s.white.groupTax, 2);
  EXPECT_EQ(s.result, "W+2.5");
  EXPECT_EQ(score(kBlackSevenAheadInTwoGroups, "chinese").result, "W+0.5");
}

// Seki groups pay no tax, and their eyes score nothing (tax=all includes tax=seki).
TEST(GroupTax, SekiGroupsAreUntaxed) {
  const ScoreBreakdown s = score(kSeki, "stone-scoring");
  EXPECT_EQ(s.black.groupTax, 2);
  EXPECT_EQ(s.white.groupTax, 2);
  EXPECT_EQ(s.black.territory, 3);
  EXPECT_EQ(s.white.territory, 4);
  EXPECT_EQ(s.result, "W+11.5");
}

TEST(Draws, EqualScoresGiveZero) {
  EXPECT_EQ(score(kBlackSevenAheadInTwoGroups, "chinese komi=7").result, "0");
  EXPECT_EQ(score(kDame, "chinese komi=0").result, "0");
  EXPECT_EQ(score(kDame, "japanese komi=0").result, "0");
  EXPECT_EQ(score(kDame, "japanese komi=0").margin, 0);
}

TEST(NegativeKomi, IsGivenToBlack) {
  const ScoreBreakdown s = score(kDame, "chinese komi=-3.5");
  EXPECT_EQ(s.white.komi, -3.5);
  EXPECT_EQ(s.white.total, 6.5);
  EXPECT_EQ(s.result, "B+3.5");
  EXPECT_EQ(score(kBlackSevenAheadInTwoGroups, "chinese komi=-0.5").result, "B+7.5");
}

// Ing's fill-in view of an area count: 7x7 gives each side 24 stones; Black fills columns
// A-C (21 points) and keeps 3, White fills D-G (28) and is 4 short. The margin is the same.
TEST(FillInCount, ShowsTheAreaAsStonesOnTheBoardAndInTheBowl) {
  const ScoreBreakdown s = score(kDeadStones, "ing komi=0");
  const FillInCount fill = fillInCount(s, 7);
  EXPECT_EQ(fill.stonesEach, 24);
  EXPECT_EQ(fill.onBoard[colorIndex(Color::Black)], 21);
  EXPECT_EQ(fill.onBoard[colorIndex(Color::White)], 28);
  EXPECT_EQ(fill.inBowl[colorIndex(Color::Black)], 3);
  EXPECT_EQ(fill.inBowl[colorIndex(Color::White)], -4);
  EXPECT_EQ(s.result, "W+7");
  EXPECT_EQ(fillInCount(s, 19).stonesEach, 180);
}

TEST(ResultStrings, FollowSgfRe) {
  EXPECT_EQ(formatResult(3.5), "B+3.5");
  EXPECT_EQ(formatResult(-12), "W+12");
  EXPECT_EQ(formatResult(0), "0");
  EXPECT_EQ(formatResult(0.5), "B+0.5");
  EXPECT_EQ(formatResult(-0.5), "W+0.5");
  EXPECT_EQ(formatResult(361), "B+361");
}

}  // namespace
}  // namespace tengen::go::test
