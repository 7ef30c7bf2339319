// Reading lesson files (learn/lesson_parser.h): every mistake an author can make is refused
// with a message that names the field and says what was expected.
#include "learn/lesson_parser.h"

#include <gtest/gtest.h>

#include <string>

namespace tengen::learn::test {
namespace {

std::string errorOf(const std::string& text) {
  auto lesson = parseLesson(text);
  return lesson ? "parsed" : lesson.error().toString();
}

// A lesson of one board whose JSON fields are `fields` after a valid 3x3 diagram.
std::string withBoard(const std::string& fields) {
  return R"({"id": "t", "boards": [{"diagram": [". . .", ". X .", ". . ."], )" + fields + "}]}";
}

TEST(LessonParser, ReadsABoardWithRepliesWrongAnswersAndSetup) {
  auto lesson = parseLesson(R"({"id": "atari-2", "boards": [{
    "diagram": [". . .", ". O .", ". X ."], "setup": "B A2", "toPlay": "black",
    "goal": {"kind": "capture", "targets": ["B2"]},
    "replies": {"c2  A1": "pass"}, "maxMoves": 3, "solution": ["C2", "A1", "B3"],
    "wrong": [{"moves": ["A3"], "reason": "escaped"}]}]})");
  ASSERT_TRUE(lesson) << lesson.error().toString();
  const LessonBoard& board = lesson->boards.front();
  EXPECT_EQ(board.start.moves().size(), 1u);
  EXPECT_EQ(board.replies.count("C2 A1"), 1u);
  EXPECT_EQ(board.maxMoves, 3);
  EXPECT_EQ(board.wrong.front().reason, "escaped");
}

TEST(LessonParser, RefusesWhatAnAuthorGetsWrongNamingTheField) {
  EXPECT_EQ(errorOf("{"), "not JSON: incomplete JSON");
  EXPECT_EQ(errorOf(R"({"id": "Capture!", "boards": []})"),
            "id: must be 1 to 40 of a-z, 0-9 and -");
  EXPECT_EQ(errorOf(R"({"id": "t", "boards": []})"), "boards: must be a list of one board or more");
  EXPECT_EQ(errorOf(R"({"id": "t", "bords": []})"), "bords: unknown field");
  EXPECT_EQ(errorOf(R"({"id": "t", "boards": [{"diagram": [". .", ". X ."]}]})"),
            "boards[0].diagram[1]: has 3 points; the board is 2 wide");
  EXPECT_EQ(errorOf(R"({"id": "t", "boards": [{"diagram": ["X O", "O ."]}]})"),
            "boards[0].diagram: the stone at A1 leaves a chain without liberties");
  EXPECT_EQ(errorOf(R"({"id": "t", "boards": [{"diagram": ["# .", ". ."]}]})"),
            "boards[0].diagram[0]: point '#' is not one of . X O x o");
  EXPECT_EQ(errorOf(withBoard(R"("goal": {"kind": "win"}, "solution": ["A1"])")),
            "boards[0].goal.kind: 'win' is not a goal (capture, save, atari, connect, cut, live, "
            "kill, end, legal, liberties, score)");
  EXPECT_EQ(
      errorOf(withBoard(R"("goal": {"kind": "capture", "targets": ["D4"]}, "solution": ["A1"])")),
      "boards[0].goal.targets[0]: 'D4' is not a point on a 3x3 board");
  EXPECT_EQ(errorOf(withBoard(R"("goal": {"kind": "capture"}, "solution": ["A1"])")),
            "boards[0].goal.targets: is missing");
  EXPECT_EQ(
      errorOf(withBoard(R"("goal": {"kind": "connect", "targets": ["B2"]}, "solution": ["A1"])")),
      "boards[0].goal.targets: needs two stones or more");
  EXPECT_EQ(errorOf(withBoard(R"("goal": {"kind": "capture", "targets": ["B2"]})")),
            "boards[0].solution: is missing");
  EXPECT_EQ(errorOf(withBoard(R"("goal": {"kind": "legal", "point": "A1"})")),
            "boards[0].goal.color: is missing");
  EXPECT_EQ(errorOf(withBoard(R"("goal": {"kind": "end"}, "solution": ["pass"])")),
            "boards[0].goal.result: is missing");
  EXPECT_EQ(errorOf(withBoard(R"("setup": "B B2", "goal": {"kind": "score"})")),
            "boards[0].setup: B B2 is illegal (occupied)");
  EXPECT_EQ(errorOf(withBoard(
                R"("goal": {"kind": "score"}, "wrong": [{"answer": "0", "reason": "bad"}])")),
            "boards[0].wrong[0].reason: 'bad' is not a reason");
  EXPECT_EQ(errorOf(withBoard(R"("goal": {"kind": "capture", "targets": ["B2"]}, "solution": ["A1"],
            "replies": {"A1": "Z9"})")),
            "boards[0].replies[\"A1\"]: 'Z9' is not a move on a 3x3 board");
  EXPECT_EQ(errorOf(withBoard(R"("goal": {"kind": "capture", "targets": ["B2"]}, "solution": ["A1"],
            "maxMoves": 0)")),
            "boards[0].maxMoves: must be a whole number from 1 to 100");
}

TEST(LessonParser, ARulesSpecErrorIsTheRulesParsersMessageUnderTheField) {
  const std::string error =
      errorOf(withBoard(R"("rules": "chinese ko=sometimes", "goal": {"kind": "score"})"));
  EXPECT_TRUE(error.starts_with("boards[0].rules: ")) << error;
  EXPECT_NE(error.find("sometimes"), std::string::npos) << error;
}

}  // namespace
}  // namespace tengen::learn::test
