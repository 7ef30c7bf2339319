// The director's edits of a round (director_edits.h): each a pure operation that returns the
// edited round or a precise error, leaving the original untouched.
#include "tournament/director_edits.h"

#include <gtest/gtest.h>

namespace tengen::tournament {
namespace {

Round twoBoards() {
  Round r;
  r.games = {{1, 0, 1, 0, 6.5, std::nullopt}, {2, 2, 3, 2, 0.5, std::nullopt}};
  return r;
}

TEST(DirectorEdits, SwapColours) {
  const Round r = twoBoards();
  const auto edited = swapColours(r, 2);
  ASSERT_TRUE(edited);
  EXPECT_EQ(edited->games[1].black, 3);
  EXPECT_EQ(edited->games[1].white, 2);
  EXPECT_EQ(r.games[1].black, 2) << "the original round is not changed";
}

TEST(DirectorEdits, RepairTwoBoardsExchangesTheirWhitePlayers) {
  const auto edited = repairBoards(twoBoards(), 1, 2);
  ASSERT_TRUE(edited);
  EXPECT_EQ(edited->games[0].black, 0);
  EXPECT_EQ(edited->games[0].white, 3);
  EXPECT_EQ(edited->games[1].black, 2);
  EXPECT_EQ(edited->games[1].white, 1);
  EXPECT_EQ(repairBoards(twoBoards(), 2, 2).error().message,
            "re-pairing needs two different boards, got 2 twice");
}

TEST(DirectorEdits, SetHandicapWithinZeroToNine) {
  const auto edited = setHandicap(twoBoards(), 1, 4, 0.5);
  ASSERT_TRUE(edited);
  EXPECT_EQ(edited->games[0].handicap, 4);
  EXPECT_EQ(edited->games[0].komi, 0.5);
  EXPECT_EQ(setHandicap(twoBoards(), 1, 10, 0.5).error().message,
            "handicap 10 is out of range: 0 to 9 stones");
}

TEST(DirectorEdits, ResultByDecisionThenTheBoardIsFixed) {
  const auto decided = setResult(twoBoards(), 2, Outcome::WhiteWins, ResultSource::Decision);
  ASSERT_TRUE(decided);
  EXPECT_EQ(decided->games[1].result, (GameResult{Outcome::WhiteWins, ResultSource::Decision}));
  EXPECT_EQ(swapColours(*decided, 2).error().message,
            "board 2 already has a result; set the result instead");
  EXPECT_EQ(setResult(twoBoards(), 1, Outcome::BlackWins, ResultSource::Played).error().message,
            "a director's result is a decision or a forfeit, not a game played");
}

TEST(DirectorEdits, UnknownBoard) {
  EXPECT_EQ(swapColours(twoBoards(), 3).error().message,
            "board 3 does not exist: the round has 2 boards");
}

}  // namespace
}  // namespace tengen::tournament
