// Ko and superko (the dimension ko = simple | positional | situational of go/rules.h).
//  - simple: no immediate recapture of a single stone (Japanese 1989 art. 6);
//  - positional: no move may recreate any earlier board (Tromp-Taylor, Chinese 2002, WMSG);
//  - situational: no move may recreate an earlier board with the same side to move,
//    positions after passes included (tengen follows KataGo's reading; AGA, NZ).
// The position after setup is the game's first position and counts (issue #2 "Handicap").
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include "diagram.h"
#include "go/random.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

// Black C3 captures B3 and leaves its own stone in atari: a ko.
constexpr std::string_view kKo = R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 X O . O .
 2 . X O . .
 1 . . . . .
)";

TEST(SimpleKo, ImmediateRecaptureIsForbidden) {
  Game game = parseGame(kKo, "japanese");
  ASSERT_EQ(playMoves(game, "B C3"), "");
  EXPECT_EQ(render(game.board()), R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 X . X O .
 2 . X O . .
 1 . . . . .
)");
  EXPECT_EQ(verdict(game, "W B3"), MoveVerdict::Ko);
}

TEST(SimpleKo, RecaptureAfterAnExchangeElsewhereIsLegal) {
  Game game = parseGame(kKo, "japanese");
  EXPECT_EQ(playMoves(game, "B C3 W E1 B E2 W B3"), "");
  EXPECT_EQ(render(game.board()), R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 X O . O .
 2 . X O . X
 1 . . . . O
)");
  // And now Black may not retake at once.
  EXPECT_EQ(verdict(game, "B C3"), MoveVerdict::Ko);
}

// The ban lasts one turn only: after White passes and Black plays elsewhere, White may
// retake.
TEST(SimpleKo, BanEndsWhenTheTurnPassesBack) {
  Game game = parseGame(kKo, "japanese");
  EXPECT_EQ(playMoves(game, "B C3 W pass B E1 W B3"), "");
}

// Under superko rules the immediate recapture is still reported as Ko: it is the simple
// case of repeating the previous board.
TEST(SimpleKo, SuperkoRulesReportImmediateRecaptureAsKo) {
  for (const char* rules : {"chinese", "aga", "tromp-taylor"}) {
    Game game = parseGame(kKo, rules);
    ASSERT_EQ(playMoves(game, "B C3"), "") << rules;
    EXPECT_EQ(verdict(game, "W B3"), MoveVerdict::Ko) << rules;
  }
}

// Snapback: White takes one stone at A1 and is left in atari with five stones; Black
// retaking at B1 at once captures five, which is no ko.
TEST(SimpleKo, SnapbackIsNotKo) {
  Game game = parseGame(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X X . .
 2 O O O X .
 1 . . O X .
)",
                        "japanese");
  ASSERT_EQ(playMoves(game, "B B1 W A1 B B1"), "");
  EXPECT_EQ(render(game.board()), R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X X . .
 2 . . . X .
 1 . X . X .
)");
  EXPECT_EQ(game.board().captures(Color::Black), 5);
  EXPECT_EQ(game.board().captures(Color::White), 1);
}

// Sending two, returning one, with White to move: White A1 offers two stones, Black C1
// takes them, White B1 takes one back. The board is then the first position again, but
// with Black to move where it started with White to move.
constexpr std::string_view kSendingTwo = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 X X O . .
 1 . O . O .
)";

TEST(Superko, PositionalForbidsAnEarlierBoardWhoeverIsToMove) {
  Game game = parseGame(kSendingTwo, "chinese", Color::White);
  ASSERT_EQ(playMoves(game, "W A1 B C1"), "");
  EXPECT_EQ(verdict(game, "W B1"), MoveVerdict::Superko);
}

// The same move is legal under situational superko: the first position had White to move,
// and after B1 Black is to move.
TEST(Superko, SituationalAllowsAnEarlierBoardWithTheOtherSideToMove) {
  Game game = parseGame(kSendingTwo, "aga", Color::White);
  ASSERT_EQ(playMoves(game, "W A1 B C1 W B1"), "");
  EXPECT_EQ(render(game.board()), render(game.initialBoard()));
  EXPECT_EQ(game.toMove(), Color::Black);
}

TEST(Superko, SimpleKoAllowsReturningOne) {
  Game game = parseGame(kSendingTwo, "japanese", Color::White);
  EXPECT_EQ(playMoves(game, "W A1 B C1 W B1"), "");
}

// Black passes, giving the first position with White to move again (a pass is always
// legal). Sending two again would repeat the board and side to move of White's A1 before.
TEST(Superko, SituationalForbidsRepeatingAnEarlierSituation) {
  Game game = parseGame(kSendingTwo, "new-zealand", Color::White);
  ASSERT_EQ(playMoves(game, "W A1 B C1 W B1 B pass"), "");
  EXPECT_EQ(verdict(game, "W A1"), MoveVerdict::Superko);
}

// Multi-stone suicide can recreate the first board: Black A1, White passes, Black A2
// kills both. Positional superko forbids it (Tromp-Taylor); situational superko allows it
// (New Zealand), since the first position had Black to move and now White is.
constexpr std::string_view kSuicideReturns = R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 O . . . .
 2 . O . . .
 1 . O . . .
)";

TEST(Superko, PositionalForbidsASuicideThatRecreatesTheStart) {
  Game game = parseGame(kSuicideReturns, "tromp-taylor");
  ASSERT_EQ(playMoves(game, "B A1 W pass"), "");
  EXPECT_EQ(verdict(game, "B A2"), MoveVerdict::Superko);
}

TEST(Superko, SituationalAllowsASuicideThatRecreatesTheStartWithTheOtherSideToMove) {
  Game game = parseGame(kSuicideReturns, "new-zealand");
  ASSERT_EQ(playMoves(game, "B A1 W pass B A2"), "");
  EXPECT_EQ(render(game.board()), render(game.initialBoard()));
}

// Situational superko counts the positions that follow passes (KataGo's reading, which
// tengen follows): White passes first, so the first position with
// Black to move arises only from that pass, and the capture that would return to it is
// forbidden.
TEST(Superko, SituationalCountsThePositionAfterAPass) {
  Game game = parseGame(kTripleKo, "aga", Color::White);
  ASSERT_EQ(playMoves(game, "W pass B C1 W F1 B J1 W B1 B E1"), "");
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Superko);
}

// Without that pass the first position never had Black to move: White to move first but
// Black starting (as GTP and SGF replay allow), the same capture is new for situational
// superko and still a repeated board for positional superko.
TEST(Superko, SituationalAllowsTheCaptureWhenOnlyTheOtherSideWasToMove) {
  Game situational = parseGame(kTripleKo, "aga", Color::White);
  ASSERT_EQ(playMoves(situational, "B C1 W F1 B J1 W B1 B E1"), "");
  EXPECT_EQ(verdict(situational, "W H1"), MoveVerdict::Legal);
  Game positional = parseGame(kTripleKo, "chinese", Color::White);
  ASSERT_EQ(playMoves(positional, "B C1 W F1 B J1 W B1 B E1"), "");
  EXPECT_EQ(verdict(positional, "W H1"), MoveVerdict::Superko);
}

TEST(Superko, OverrideChangesTheKoRule) {
  Game positional = parseGame(kSendingTwo, "aga ko=positional", Color::White);
  ASSERT_EQ(playMoves(positional, "W A1 B C1"), "");
  EXPECT_EQ(verdict(positional, "W B1"), MoveVerdict::Superko);
  Game simple = parseGame(kTripleKo, "chinese ko=simple");
  EXPECT_EQ(playMoves(simple, "B C1 W F1 B J1 W B1 B E1 W H1"), "");
}

// Random games on 3x3 and 4x4 against the definition itself: a move is refused as superko exactly
// when the board it makes (positional) or that board with the opponent to move
// (situational) is among those seen so far, passes and suicides included. This checks
// the incremental hashes and hashAfter against whole boards, and the legal-point map (which
// skips the hash when the stone counts a move makes were never seen) against both.
TEST(Superko, AgreesWithAFullHistoryOfBoardsInRandomGames) {
  Random rng(99);
  for (const char* spec : {"tromp-taylor", "new-zealand", "chinese", "aga"}) {
    const Rules rules = rulesFor(spec);
    const bool positional = rules.ko == KoRule::Positional;
    int refusals = 0;  // the test must meet real superko cases to mean anything
    for (int round = 0; round < 200; ++round) {
      Game game(3 + round % 2, rules);
      std::set<std::string> boards{render(game.board())};
      std::set<std::string> situations{render(game.board()) + "B"};
      for (int turn = 0; turn < 120 && !game.isOver(); ++turn) {
        const Color c = game.toMove();
        const PointSet map = game.legalPoints(c);
        std::vector<Point> legal;
        for (int i = 0; i < game.board().emptyCount(); ++i) {
          const Point p = game.board().emptyAt(i);
          const MoveVerdict onBoard = game.board().check(p, c, rules.allowsSuicide());
          const MoveVerdict v = game.check(c, p);
          ASSERT_EQ(map.contains(p), v == MoveVerdict::Legal) << spec;
          if (onBoard != MoveVerdict::Legal) {
            ASSERT_EQ(v, onBoard) << spec;
            continue;
          }
          Board next = game.board();
          next.play(p, c);
          const std::string key = render(next);
          const bool repeats = positional ? boards.contains(key)
                                          : situations.contains(key + colorLetter(opponent(c)));
          ASSERT_EQ(v, repeats ? MoveVerdict::Superko : MoveVerdict::Legal)
              << spec << " " << game.geometry().toGtp(p) << render(game.board());
          if (repeats) ++refusals;
          if (!repeats) legal.push_back(p);
        }
        const Point p = legal.empty() || rng.below(25) == 0
                            ? kPass
                            : legal[rng.below(static_cast<std::uint32_t>(legal.size()))];
        ASSERT_EQ(game.play(c, p), MoveVerdict::Legal);
        boards.insert(render(game.board()));
        situations.insert(render(game.board()) + colorLetter(game.toMove()));
      }
    }
    EXPECT_GT(refusals, 10) << spec;
  }
}

}  // namespace
}  // namespace tengen::go::test
