// The judge of lesson boards (learn/lesson_judge.h; docs/lessons.md, "Goals"): each goal's
// success and failure, the opponent's answers from the table and from the policies, and the
// refusal of input the page never sends.
#include "learn/lesson_judge.h"

#include <gtest/gtest.h>

#include "lesson_test_support.h"

namespace tengen::learn::test {
namespace {

// A white stone in atari in the middle of a 5x5 board.
constexpr std::string_view kAtariInMiddle = R"({
  "diagram": [". . . . .",
              ". . X . .",
              ". X O . .",
              ". . X . .",
              ". . . . ."],
  "goal": {"kind": "capture", "targets": ["C3"]},
  "solution": ["D3"]})";

TEST(CaptureGoal, TakingTheLastLibertySolves) {
  const LessonBoard board = boardOf(kAtariInMiddle);
  auto judgement = judgeMoves(board, movesOf(board, "D3"));
  EXPECT_EQ(describe(judgement), "solved");
  ASSERT_EQ(judgement->steps.size(), 1u);
  EXPECT_EQ(judgement->steps[0].captured.size(), 1u);
}

TEST(CaptureGoal, AMoveElsewhereLetsTheStoneRunWithTheEscapePolicy) {
  const LessonBoard board = boardOf(kAtariInMiddle);
  // White extends to D3 and has three liberties: D2, D4, E3.
  auto judgement = judgeMoves(board, movesOf(board, "A1"));
  EXPECT_EQ(describe(judgement), "wrong escaped liberties=3");
  ASSERT_EQ(judgement->steps.size(), 2u);
  EXPECT_EQ(judgement->steps[1].move.point, board.start.geometry().fromGtp("D3"));
}

TEST(CaptureGoal, IllegalMovesAreRefusedWithTheEngineReasonAndNothingIsPlayed) {
  const LessonBoard board = boardOf(kAtariInMiddle);
  auto judgement = judgeMoves(board, movesOf(board, "C3"));
  EXPECT_EQ(describe(judgement), "wrong occupied vertex=C3");
  EXPECT_TRUE(judgement->steps.empty());
}

TEST(CaptureGoal, SuicideIsRefused) {
  const LessonBoard board = boardOf(R"({
    "diagram": [". . . . .",
                ". . . . .",
                "O . . . .",
                "X O . . .",
                ". X O . ."],
    "goal": {"kind": "capture", "targets": ["B2"]},
    "solution": ["C2"]})");
  EXPECT_EQ(play(board, "A1"), "wrong suicide vertex=A1");
}

TEST(CaptureGoal, AStonePlayedIntoAtariAndTakenIsSelfAtari) {
  const LessonBoard board = boardOf(R"({
    "diagram": [". . . . .",
                ". . . . .",
                ". . . . .",
                "X O . O .",
                ". X O . ."],
    "goal": {"kind": "capture", "targets": ["B2"]},
    "replies": {"C2": "C3"},
    "solution": ["B3"]})");
  auto judgement = judgeMoves(board, movesOf(board, "C2"));
  EXPECT_EQ(describe(judgement), "wrong selfAtari vertex=C2");
  ASSERT_EQ(judgement->steps.size(), 2u);
  EXPECT_EQ(judgement->steps[1].captured.size(), 1u);
}

// Black's two stones in atari on the edge: saving them means running along the side.
constexpr std::string_view kSaveOnTheSide = R"({
  "diagram": [". . . . . . .",
              ". . . . . . .",
              ". . . . . . .",
              ". . . . . . .",
              ". . O . . . .",
              ". O X X O . .",
              ". . O O . . ."],
  "goal": {"kind": "save", "targets": ["C2"]},
  "solution": ["D3", "D4"]})";

TEST(SaveGoal, RunningOutUntilThreeLibertiesSaves) {
  const LessonBoard board = boardOf(kSaveOnTheSide);
  // D3 gives two liberties (D4, E3); the attack takes E3, whose stone keeps more liberties.
  auto first = judgeMoves(board, movesOf(board, "D3"));
  EXPECT_EQ(describe(first), "continue");
  EXPECT_EQ(first->steps[1].move.point, board.start.geometry().fromGtp("E3"));
  EXPECT_EQ(play(board, "D3 D4"), "solved");
}

TEST(SaveGoal, AMoveElsewhereLosesTheStonesToTheAttackPolicy) {
  const LessonBoard board = boardOf(kSaveOnTheSide);
  EXPECT_EQ(play(board, "G7"), "wrong lost vertex=D3");
}

TEST(AtariGoal, OneLibertyLeftSolves) {
  const LessonBoard board = boardOf(R"({
    "diagram": [". . . . .", ". . . . .", ". X O . .", ". . X . .", ". . . . ."],
    "goal": {"kind": "atari", "targets": ["C3"]}, "solution": ["C4"]})");
  EXPECT_EQ(play(board, "C4"), "solved");
  EXPECT_EQ(play(board, "A1"), "wrong notAtari liberties=2");
}

TEST(ConnectAndCut, SolidConnectionAndTheCuttingPoint) {
  const LessonBoard connect = boardOf(R"({
    "diagram": [". . . . .", ". X . . .", ". . X . .", ". . . . .", ". . . . ."],
    "goal": {"kind": "connect", "targets": ["B4", "C3"]}, "solution": ["B3"]})");
  EXPECT_EQ(play(connect, "B3"), "solved");
  EXPECT_EQ(play(connect, "C4"), "solved");
  EXPECT_EQ(play(connect, "D4"), "wrong notConnected");
  const LessonBoard cut = boardOf(R"({
    "diagram": [". . . . .", ". O . . .", ". . O . .", ". . . . .", ". . . . ."],
    "goal": {"kind": "cut", "targets": ["B4", "C3"]}, "solution": ["B3"]})");
  EXPECT_EQ(play(cut, "B3"), "wrong notCut vertex=C4");
}

// White's bent three in the corner, eye space A1 A2 B2: its vital point is A2.
constexpr std::string_view kBentThree = R"({
  "diagram": [". . . . .",
              "X X X X .",
              "O O O X .",
              ". . O X .",
              ". O O X ."],
  "goal": {"kind": "kill", "targets": ["B3"], "area": ["A1", "A2", "B2"]},
  "solution": ["A2"]})";

TEST(KillGoal, TheVitalPointOfABentThreeKills) {
  const LessonBoard board = boardOf(kBentThree);
  EXPECT_EQ(play(board, "A2"), "solved");
}

TEST(KillGoal, AnotherPointLetsTheGroupMakeTwoEyes) {
  const LessonBoard board = boardOf(kBentThree);
  auto judgement = judgeMoves(board, movesOf(board, "B2"));
  EXPECT_EQ(describe(judgement), "wrong lives vertex=A2");
  EXPECT_EQ(judgement->steps[1].captured.size(), 1u);
}

TEST(LiveGoal, TheSameVitalPointMakesTwoEyesForTheOwner) {
  const LessonBoard board = boardOf(R"({
    "diagram": [". . . . .", "X X X X .", "O O O X .", ". . O X .", ". O O X ."],
    "toPlay": "white",
    "goal": {"kind": "live", "targets": ["B3"], "area": ["A1", "A2", "B2"]},
    "solution": ["A2"]})");
  EXPECT_EQ(play(board, "A2"), "solved");
  EXPECT_EQ(play(board, "A1"), "wrong dies vertex=A2");
}

TEST(EndGoal, TwoPassesEndAndTheCountIsChecked) {
  // A finished 5x5: Black owns the left three columns, White the right two.
  const LessonBoard board = boardOf(R"({
    "diagram": [". . X O .", ". . X O .", ". . X O .", ". . X O .", ". . X O ."],
    "rules": "tromp-taylor komi=0",
    "goal": {"kind": "end", "result": "B+5"}, "solution": ["pass"]})");
  EXPECT_EQ(play(board, "pass"), "solved score result=B+5");
  // Black fills its own point: no change under area scoring, the game is still not over.
  EXPECT_EQ(play(board, "A1"), "continue");
  EXPECT_EQ(play(board, "A1 pass"), "solved score result=B+5");
  // A black stone left in White's area makes the E column neutral under Tromp-Taylor.
  EXPECT_EQ(play(board, "E1 pass"), "wrong result result=B+11 expected=B+5");
}

TEST(Questions, LegalLibertiesAndScoreAreTheEnginesTruth) {
  const LessonBoard ko = boardOf(R"({
    "diagram": [". X O . .", "X O . O .", ". X O . .", ". . . . .", ". . . . ."],
    "setup": "B C4",
    "toPlay": "white",
    "goal": {"kind": "legal", "point": "B4", "color": "white"}})");
  EXPECT_EQ(answer(ko, "no"), "solved ko vertex=B4");
  EXPECT_EQ(answer(ko, "yes"), "wrong ko vertex=B4");
  EXPECT_EQ(answer(ko, "maybe"), "error: the answer must be yes or no");
  const LessonBoard liberties = boardOf(R"({
    "diagram": [". . . . .", ". . . . .", ". . X X .", ". . . . .", ". . . . ."],
    "goal": {"kind": "liberties", "point": "C3"}})");
  EXPECT_EQ(answer(liberties, "6"), "solved liberties count=6");
  EXPECT_EQ(answer(liberties, " 4 "), "wrong liberties count=6");
  const LessonBoard score = boardOf(R"({
    "diagram": [". . X O .", ". . X O .", ". . X O .", ". . X O .", ". . X O ."],
    "rules": "chinese komi=3.5",
    "goal": {"kind": "score"}})");
  EXPECT_EQ(answer(score, "b+1,5"), "solved score result=B+1.5");
  EXPECT_EQ(answer(score, "W+1.5"), "wrong score result=B+1.5");
  EXPECT_EQ(answer(score, "Black"), "error: the answer must be a result like B+5.5, W+0.5 or 0");
}

TEST(BadInput, MovesAfterTheEndOrBeyondTheLimitAreErrors) {
  const LessonBoard board = boardOf(kAtariInMiddle);
  EXPECT_EQ(play(board, "D3 A1"),
            "error: move 1 (D3) already ended the board: start again from its first move");
  EXPECT_EQ(describe(judgeMoves(board, {})), "error: send at least one move");
  EXPECT_EQ(answer(board, "yes"), "error: this board is played with moves, not answered");
  std::vector<go::Point> many(12, *board.start.geometry().fromGtp("pass"));
  EXPECT_EQ(describe(judgeMoves(board, many)), "error: more moves than the board allows (10)");
}

TEST(MaxMoves, TheLastAllowedMoveWithoutTheGoalFails) {
  const LessonBoard board = boardOf(R"({
    "diagram": [". . . . .", ". . X . .", ". X O . .", ". . X . .", ". . . . ."],
    "goal": {"kind": "capture", "targets": ["C3"]},
    "replies": {"A1": "pass"},
    "maxMoves": 1,
    "solution": ["D3"]})");
  EXPECT_EQ(play(board, "A1"), "wrong tooLong count=1");
}

}  // namespace
}  // namespace tengen::learn::test
