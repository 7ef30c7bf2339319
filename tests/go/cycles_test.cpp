// Cycles: triple ko, sending two returning one, and a cycle without passes, under each
// ruleset.
//  - Superko rules forbid the move that would repeat (positional: the board; situational:
//    the board with the same side to move).
//  - Japanese and Korean (cycles=void, simple ko): "a board position repeated three times
//    since the last pass ends the game as no result, Void" (issue #2; Japanese 1989
//    art. 12).
//  - IGS and stone scoring (simple ko, cycles allowed): the cycle may go on.
#include <gtest/gtest.h>

#include <string>

#include "diagram.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

std::string repeat(std::string_view moves, int times) {
  std::string out;
  for (int i = 0; i < times; ++i) out += std::string(moves) + " ";
  return out;
}

TEST(TripleKo, PositionalSuperkoForbidsTheCaptureThatRepeatsTheBoard) {
  for (const char* rules : {"chinese", "tromp-taylor", "ing ko=positional", "wmsg"}) {
    Game game = parseGame(kTripleKo, rules);
    ASSERT_EQ(playMoves(game, kTripleKoLapButLast), "") << rules;
    EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Superko) << rules;
    EXPECT_FALSE(game.isOver()) << rules;
  }
}

TEST(TripleKo, SituationalSuperkoForbidsTheCaptureThatRepeatsTheSituation) {
  for (const char* rules : {"aga", "bga", "new-zealand"}) {
    Game game = parseGame(kTripleKo, rules);
    ASSERT_EQ(playMoves(game, kTripleKoLapButLast), "") << rules;
    EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Superko) << rules;
  }
}

// The first position recurs after 6 and 12 moves: the 12th move makes its third
// occurrence and ends the game without result.
TEST(TripleKo, JapaneseRulesEndTheGameWithoutResult) {
  for (const char* rules : {"japanese", "korean"}) {
    Game game = parseGame(kTripleKo, rules);
    ASSERT_EQ(playMoves(game, repeat(kTripleKoLap, 1) + std::string(kTripleKoLapButLast)), "")
        << rules;
    EXPECT_FALSE(game.isOver()) << rules;
    ASSERT_EQ(playMoves(game, "W H1"), "") << rules;
    EXPECT_TRUE(game.isOver()) << rules;
    EXPECT_EQ(game.endReason(), EndReason::Repetition) << rules;
    EXPECT_EQ(gameResult(game, {}), "Void") << rules;
    EXPECT_EQ(render(game.board()), render(game.initialBoard())) << rules;
    EXPECT_EQ(playMoves(game, "B C1", PlayMode::Strict), "B C1: game over") << rules;
  }
}

TEST(TripleKo, SimpleKoWithoutVoidLetsTheCycleRun) {
  for (const char* rules : {"igs", "stone-scoring", "japanese cycles=allowed"}) {
    Game game = parseGame(kTripleKo, rules);
    EXPECT_EQ(playMoves(game, repeat(kTripleKoLap, 5)), "") << rules;
    EXPECT_FALSE(game.isOver()) << rules;
    EXPECT_EQ(game.moves().size(), 30u) << rules;
  }
}

// "Since the last pass": both players pass in the middle of the cycle (the game stops),
// play resumes, and the count starts again from the position after the passes.
TEST(TripleKo, RepetitionCountRestartsAfterPasses) {
  Game game = parseGame(kTripleKo, "japanese");
  ASSERT_EQ(playMoves(game, repeat(kTripleKoLap, 1) + "B pass W pass"), "");
  EXPECT_EQ(game.endReason(), EndReason::Passes);
  // Without the restart this lap would be the third occurrence (start, move 6, after the
  // passes) and void the game.
  ASSERT_EQ(playMoves(game, kTripleKoLap), "");
  EXPECT_FALSE(game.isOver());
  ASSERT_EQ(playMoves(game, kTripleKoLap), "");
  EXPECT_EQ(game.endReason(), EndReason::Repetition);
}

// Cycles=void applies only with simple ko; superko rules never reach a repetition.
TEST(TripleKo, VoidNeedsSimpleKo) {
  Game game = parseGame(kTripleKo, "japanese ko=positional");
  ASSERT_EQ(playMoves(game, kTripleKoLapButLast), "");
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Superko);
}

// White sends two (A1), Black takes two (C1), White returns one (B1): the board is back
// with Black to move. To go round again Black must pass.
constexpr std::string_view kSendingTwo = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 X X O . .
 1 . O . O .
)";
constexpr std::string_view kSendingTwoLap = "W A1 B C1 W B1 B pass";

// Every lap contains Black's pass, so no position repeats three times since the last pass:
// under the Japanese rules as tengen states them the cycle does not void the game (KataGo
// would end it by its Spight pass rule, which tengen does not have).
TEST(SendingTwoReturningOne, JapaneseCycleThroughPassesGoesOn) {
  Game game = parseGame(kSendingTwo, "japanese", Color::White);
  EXPECT_EQ(playMoves(game, repeat(kSendingTwoLap, 4)), "");
  EXPECT_FALSE(game.isOver());
  EXPECT_EQ(render(game.board()), render(game.initialBoard()));
}

TEST(SendingTwoReturningOne, PositionalSuperkoForbidsReturningOne) {
  for (const char* rules : {"chinese", "tromp-taylor", "wmsg"}) {
    Game game = parseGame(kSendingTwo, rules, Color::White);
    ASSERT_EQ(playMoves(game, "W A1 B C1"), "") << rules;
    EXPECT_EQ(verdict(game, "W B1"), MoveVerdict::Superko) << rules;
  }
}

// Situational superko allows one lap (the board returns with the other side to move) but
// not sending two again after Black's pass.
TEST(SendingTwoReturningOne, SituationalSuperkoAllowsOneLap) {
  for (const char* rules : {"aga", "new-zealand"}) {
    Game game = parseGame(kSendingTwo, rules, Color::White);
    ASSERT_EQ(playMoves(game, kSendingTwoLap), "") << rules;
    EXPECT_EQ(verdict(game, "W A1"), MoveVerdict::Superko) << rules;
  }
}

// Two sending-two shapes, one for each colour: W A1, B C1, W B1 returns White's; B J1,
// W G1, B H1 returns Black's. Six moves without a pass bring back the first position with
// White to move, a passless cycle like eternal life (Japanese 1989 art. 12 names both).
constexpr std::string_view kTwoSendingTwo = R"(
   A B C D E F G H J
 9 . . . . . . . . .
 8 . . . . . . . . .
 7 . . . . . . . . .
 6 . . . . . . . . .
 5 . . . . . . . . .
 4 . . . . . . . . .
 3 . . . . . . . . .
 2 X X O . . . X O O
 1 . O . O . X . X .
)";
constexpr std::string_view kPasslessLap = "W A1 B C1 W B1 B J1 W G1 B H1";

// Japanese 1989 art. 12 and the issue count whole-board positions, whoever is to move:
// the first board recurs after move 3 (Black to move) and after move 6 (White to move),
// its third occurrence, which voids the game.
TEST(PasslessCycle, JapaneseRulesVoidTheGameOnTheThirdOccurrence) {
  Game game = parseGame(kTwoSendingTwo, "japanese", Color::White);
  ASSERT_EQ(playMoves(game, "W A1 B C1 W B1 B J1 W G1"), "");
  EXPECT_FALSE(game.isOver());
  ASSERT_EQ(playMoves(game, "B H1"), "");
  EXPECT_EQ(game.endReason(), EndReason::Repetition);
  EXPECT_EQ(gameResult(game, {}), "Void");
}

TEST(PasslessCycle, PositionalSuperkoStopsItAtTheFirstReturn) {
  Game game = parseGame(kTwoSendingTwo, "chinese", Color::White);
  ASSERT_EQ(playMoves(game, "W A1 B C1"), "");
  EXPECT_EQ(verdict(game, "W B1"), MoveVerdict::Superko);
}

TEST(PasslessCycle, SituationalSuperkoStopsItAtTheEndOfTheLap) {
  Game game = parseGame(kTwoSendingTwo, "aga", Color::White);
  ASSERT_EQ(playMoves(game, "W A1 B C1 W B1 B J1 W G1"), "");
  EXPECT_EQ(verdict(game, "B H1"), MoveVerdict::Superko);
}

TEST(PasslessCycle, IgsLetsItRun) {
  Game game = parseGame(kTwoSendingTwo, "igs", Color::White);
  EXPECT_EQ(playMoves(game, repeat(kPasslessLap, 4)), "");
  EXPECT_FALSE(game.isOver());
}

}  // namespace
}  // namespace tengen::go::test
