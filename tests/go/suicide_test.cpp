// Suicide: a move whose own chain is left without liberties after captures.
// Single-stone suicide never changes the board and is always illegal; `suicide=allowed`
// means multi-stone suicide (the dimension suicide of go/rules.h). Tromp-Taylor,
// New Zealand and Ing allow it; Japanese art. 4, Chinese, AGA and WMSG forbid it.
#include <gtest/gtest.h>

#include <string>
#include <utility>
#include <vector>

#include "diagram.h"

namespace tengen::go::test {
namespace {

// Black A1 would have no liberty and captures nothing.
constexpr std::string_view kOneStoneEye = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 O . . . .
 1 . O . . .
)";

// Black A2 joins A1 into a chain with no liberty that captures nothing.
constexpr std::string_view kTwoStoneSuicide = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O . . . .
 2 . O . . .
 1 X O . . .
)";

TEST(Suicide, SingleStoneIsIllegalEvenWhereSuicideIsAllowed) {
  for (const char* rules : {"tromp-taylor", "new-zealand", "ing", "chinese", "japanese"}) {
    const Game game = parseGame(kOneStoneEye, rules);
    EXPECT_EQ(verdict(game, "B A1"), MoveVerdict::Suicide) << rules;
  }
}

TEST(Suicide, MultiStoneRemovesTheChainAndGivesThePrisonersToTheOpponent) {
  Game game = parseGame(kTwoStoneSuicide, "tromp-taylor");
  ASSERT_EQ(playMoves(game, "B A2"), "");
  EXPECT_EQ(render(game.board()), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O . . . .
 2 . O . . .
 1 . O . . .
)");
  EXPECT_EQ(game.board().captures(Color::White), 2);
  EXPECT_EQ(game.board().captures(Color::Black), 0);
  EXPECT_EQ(game.toMove(), Color::White);
}

TEST(Suicide, MultiStoneFollowsEachPreset) {
  const std::vector<std::pair<const char*, MoveVerdict>> expected = {
      {"tromp-taylor", MoveVerdict::Legal},
      {"new-zealand", MoveVerdict::Legal},
      {"ing", MoveVerdict::Legal},
      {"chinese", MoveVerdict::Suicide},
      {"japanese", MoveVerdict::Suicide},
      {"korean", MoveVerdict::Suicide},
      {"aga", MoveVerdict::Suicide},
      {"bga", MoveVerdict::Suicide},
      {"wmsg", MoveVerdict::Suicide},
      {"igs", MoveVerdict::Suicide},
      {"stone-scoring", MoveVerdict::Suicide},
  };
  for (const auto& [rules, want] : expected) {
    EXPECT_EQ(verdict(parseGame(kTwoStoneSuicide, rules), "B A2"), want) << rules;
  }
}

TEST(Suicide, OverridesTurnItOnAndOff) {
  EXPECT_EQ(verdict(parseGame(kTwoStoneSuicide, "chinese suicide=allowed"), "B A2"),
            MoveVerdict::Legal);
  EXPECT_EQ(verdict(parseGame(kTwoStoneSuicide, "tromp-taylor suicide=forbidden"), "B A2"),
            MoveVerdict::Suicide);
}

// Capturing comes first: a move into a point without liberties that captures is no
// suicide, even where suicide is forbidden.
TEST(Suicide, ACaptureIsNeverSuicide) {
  Game game = parseGame(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X . . . .
 2 O X . . .
 1 . O X . .
)",
                        "japanese");
  ASSERT_EQ(playMoves(game, "B A1"), "");
  EXPECT_EQ(render(game.board()), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X . . . .
 2 . X . . .
 1 X . X . .
)");
  EXPECT_EQ(game.board().captures(Color::Black), 2);
}

// The stones a suicide removes are prisoners under territory counting (Japanese art. 10
// counts prisoners; with suicide allowed the opponent gains them).
TEST(Suicide, PrisonersFromSuicideCountUnderTerritoryScoring) {
  Game game = parseGame(kTwoStoneSuicide, "japanese suicide=allowed komi=0");
  ASSERT_EQ(playMoves(game, "B A2"), "");
  const ScoreBreakdown score = scoreGame(game, {});
  EXPECT_EQ(score.white.prisoners, 2);
  EXPECT_EQ(score.black.prisoners, 0);
}

}  // namespace
}  // namespace tengen::go::test
