// ko=ing: Ing's fighting and disturbing ko (rules reference 7.2), in the computable reading
// that Game::checkIng (game.cpp) states:
//  1. hot stones: a ko capture (one stone taken, the capturing stone left alone in atari) may
//     not take a stone played by the current run of ko captures; a pass or any other board
//     play ends the run (verdict Ko);
//  2. no repeated play: the same player may not play the same point on the same board twice
//     (verdict Superko), so a cycle is played once and whoever would start it again is
//     refused.
// One test per example of section 7.2, each from a diagram, then where the reading differs
// from positional superko, then legalPoints against check and a reference in random games.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>
#include <vector>

#include "diagram.h"
#include "go/random.h"
#include "positions.h"

namespace tengen::go::test {
namespace {

// Black C3 takes B3 and leaves its own stone in atari: a single ko.
constexpr std::string_view kIngKo = R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 X O . O .
 2 . X O . .
 1 . . . . .
)";

TEST(IngKo, IsTheIngPresetsKoRule) {
  EXPECT_EQ(rulesFor("ing").ko, KoRule::Ing);
  EXPECT_EQ(rulesFor("goe").ko, KoRule::Ing);
  EXPECT_EQ(rulesFor("chinese ko=ing").ko, KoRule::Ing);
  EXPECT_EQ(rulesFor("ing ko=positional").toString(), "ing ko=positional");
}

// (a) A single ko behaves as simple ko: C3 is hot, so White may not take it back at once...
TEST(IngKo, SingleKoForbidsTheImmediateRetake) {
  Game game = parseGame(kIngKo, "ing");
  ASSERT_EQ(playMoves(game, "B C3"), "");
  EXPECT_EQ(verdict(game, "W B3"), MoveVerdict::Ko);
  EXPECT_EQ(renderLegal(game), R"(
   A B C D E
 5 . . . . .
 4 . X O . .
 3 X * X O .
 2 . X O . .
 1 . . . . .
)");
}

// ...but may after one intervening play (the threat W E1 ends the run of ko captures), and
// then Black's stone is the hot one.
TEST(IngKo, SingleKoMayBeRetakenAfterAPlayElsewhere) {
  Game game = parseGame(kIngKo, "ing");
  ASSERT_EQ(playMoves(game, "B C3 W E1 B E2 W B3"), "");
  EXPECT_EQ(verdict(game, "B C3"), MoveVerdict::Ko);
}

// ...or after a pass, which is an intervening play too.
TEST(IngKo, SingleKoMayBeRetakenAfterAPass) {
  Game game = parseGame(kIngKo, "ing");
  EXPECT_EQ(playMoves(game, "B C3 W pass B E1 W B3"), "");
}

// (b) Triple ko: every stone taken into a ko in the run is hot. After three captures
// White may take back neither ko (positional superko would refuse only the sixth capture,
// W H1), so the cycle breaks on the spot: no repetition, no void game, a ko fight that
// needs a threat.
TEST(IngKo, TripleKoMustBeBroken) {
  Game game = parseGame(kTripleKo, "ing");
  ASSERT_EQ(playMoves(game, "B C1 W F1 B J1"), "");
  EXPECT_EQ(verdict(game, "W B1"), MoveVerdict::Ko);
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Ko);
  // After a threat and its answer the stones are cold again.
  ASSERT_EQ(playMoves(game, "W E5 B E6 W B1"), "");
  EXPECT_EQ(verdict(game, "B E1"), MoveVerdict::Legal);
  EXPECT_EQ(verdict(game, "B C1"), MoveVerdict::Ko);
  EXPECT_FALSE(game.isOver());
}

TEST(IngKo, TripleKoUnderPositionalSuperkoGoesOnToTheSixthCapture) {
  Game game = parseGame(kTripleKo, "ing ko=positional");
  ASSERT_EQ(playMoves(game, kTripleKoLapButLast), "");
  EXPECT_EQ(verdict(game, "W H1"), MoveVerdict::Superko);
}

// Eternal life reduced to its four plays: Black sacrifices two stones (A1), White takes
// them (C1), Black takes two back (B1), White throws in (D1) and the first position is back
// with Black to move.
constexpr std::string_view kEternalLife = R"(
   A B C D E F G
 7 . . . . . . .
 6 . . . . . . .
 5 . . . . . . .
 4 O O . . . . .
 3 O O X X X . .
 2 O O X X X . .
 1 . X . O X . .
)";
constexpr std::string_view kEternalLifeLap = "B A1 W C1 B B1 W D1";

// (c) Eternal life is resolved: the cycle may be played once, but Black may not start it
// again with the same sacrifice on the same board (Japanese rules would void the game).
TEST(IngKo, EternalLifeIsResolved) {
  Game game = parseGame(kEternalLife, "ing");
  ASSERT_EQ(playMoves(game, kEternalLifeLap), "");
  ASSERT_EQ(render(game.board()), render(game.initialBoard()));
  EXPECT_EQ(verdict(game, "B A1"), MoveVerdict::Superko);
  // Black must play elsewhere; White's throw-in stays, and no position repeats.
  EXPECT_EQ(playMoves(game, "B G7 W A1"), "");
  EXPECT_FALSE(game.isOver());
}

// Positional superko stops the same cycle one play earlier: the throw-in recreates the
// first board. Under ko=ing that board comes back by a play White never made before.
TEST(IngKo, EternalLifeUnderPositionalSuperkoForbidsTheThrowIn) {
  Game positional = parseGame(kEternalLife, "ing ko=positional");
  ASSERT_EQ(playMoves(positional, "B A1 W C1 B B1"), "");
  EXPECT_EQ(verdict(positional, "W D1"), MoveVerdict::Superko);
}

// A double-ko seki: Black's chain (left) has the liberties C3 and D1, White's (right) C3
// and C5. Black taking the ko at C5 puts White in atari, and White answers by taking the
// ko at D1; neither may fill a ko or C3 without being captured.
constexpr std::string_view kDoubleKoSeki = R"(
   A B C D E F
 6 X X O O O O
 5 X O . O O O
 4 X X O O O O
 3 X X . O O O
 2 X X X X O O
 1 X X X . X O
)";

// (d) Disturbing ko: Black (the disturber) takes at C5, White takes at D1; Black may not
// take back at once (hot stone) and passes; White retakes C5, Black retakes E1 and the
// first board is back. White may not take the hot stone at E1, passes, and Black may not
// start the cycle again: the seki stands.
TEST(IngKo, DoubleKoSekiDisturberMayNotRestartAfterOneCycle) {
  Game game = parseGame(kDoubleKoSeki, "ing");
  ASSERT_EQ(playMoves(game, "B C5 W D1"), "");
  EXPECT_EQ(verdict(game, "B E1"), MoveVerdict::Ko);
  ASSERT_EQ(playMoves(game, "B pass W B5 B E1"), "");
  ASSERT_EQ(render(game.board()), render(game.initialBoard()));
  EXPECT_EQ(verdict(game, "W D1"), MoveVerdict::Ko);
  ASSERT_EQ(playMoves(game, "W pass"), "");
  EXPECT_EQ(verdict(game, "B C5"), MoveVerdict::Superko);
  EXPECT_EQ(renderLegal(game), R"(
   A B C D E F
 6 X X O O O O
 5 X O * O O O
 4 X X O O O O
 3 X X . O O O
 2 X X X X O O
 1 X X X . X O
)");
  // C3 and D1 stay legal for Black but leave his chain in atari; four passes end the game
  // with the seki on the board.
  ASSERT_EQ(playMoves(game, "B pass W pass B pass"), "");
  EXPECT_EQ(game.endReason(), EndReason::Passes);
}

// Positional superko refuses the retake that closes the cycle (E1 recreates the first
// board); Ing lets the cycle close and refuses its restart.
TEST(IngKo, DoubleKoSekiUnderPositionalSuperkoStopsTheCycleEarlier) {
  Game game = parseGame(kDoubleKoSeki, "ing ko=positional");
  ASSERT_EQ(playMoves(game, "B C5 W D1 B pass W B5"), "");
  EXPECT_EQ(verdict(game, "B E1"), MoveVerdict::Superko);
}

// (e) A fighting ko may be continued after the opponent's pass: Black takes, White has no
// threat and passes, Black passes as well, and White retakes although that recreates the
// first board, which positional superko forbids.
TEST(IngKo, FightingKoMayBeRetakenAfterTheOpponentsPass) {
  Game game = parseGame(kIngKo, "ing");
  ASSERT_EQ(playMoves(game, "B C3 W pass B pass W B3"), "");
  EXPECT_EQ(render(game.board()), render(game.initialBoard()));
  // Now White's stone is hot...
  EXPECT_EQ(verdict(game, "B C3"), MoveVerdict::Ko);
  // ...and after two more passes Black's retake would repeat his first play: refused, so
  // passing cannot keep the ko going for ever.
  ASSERT_EQ(playMoves(game, "B pass W pass"), "");
  EXPECT_EQ(verdict(game, "B C3"), MoveVerdict::Superko);
  EXPECT_FALSE(game.isOver());
}

TEST(IngKo, PositionalSuperkoForbidsThatRetake) {
  for (const char* rules : {"ing ko=positional", "chinese", "tromp-taylor"}) {
    Game game = parseGame(kIngKo, rules);
    ASSERT_EQ(playMoves(game, "B C3 W pass B pass"), "") << rules;
    EXPECT_EQ(verdict(game, "W B3"), MoveVerdict::Superko) << rules;
  }
}

// The retake is free when the board it recreates came from another play: here White made
// that board with E1, and retakes after the passes with a play never made before.
TEST(IngKo, RetakeThatRecreatesTheRetakersOwnBoardByAnotherPlayIsLegal) {
  Game game = parseGame(kIngKo, "ing");
  ASSERT_EQ(playMoves(game, "W E1 B C3 W pass B pass W B3"), "");
}

// Snapback: White's A1 takes one stone but joins a chain of five, so it is no ko capture
// and plays no hot stone; Black takes the five back at once.
TEST(IngKo, SnapbackIsNoKo) {
  Game game = parseGame(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 X X X . .
 2 O O O X .
 1 . . O X .
)",
                        "ing");
  EXPECT_EQ(playMoves(game, "B B1 W A1 B B1"), "");
  EXPECT_EQ(game.board().captures(Color::Black), 5);
}

// Sending two, returning one (an odd cycle, three board plays and a pass): played once,
// then White may not send the two stones again from the same board.
TEST(IngKo, OddCycleIsPlayedOnce) {
  Game game = parseGame(R"(
   A B C D E
 5 . . . . .
 4 . . . . .
 3 . . . . .
 2 X X O . .
 1 . O . O .
)",
                        "ing", Color::White);
  ASSERT_EQ(playMoves(game, "W A1 B C1 W B1 B pass"), "");
  EXPECT_EQ(verdict(game, "W A1"), MoveVerdict::Superko);
}

// Undo replays the game, so the hot stones and the plays made come back as they were.
TEST(IngKo, UndoRestoresTheHistory) {
  Game game = parseGame(kIngKo, "ing");
  ASSERT_EQ(playMoves(game, "B C3 W E1"), "");
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(verdict(game, "W B3"), MoveVerdict::Ko);
  ASSERT_EQ(playMoves(game, "W pass B pass W B3 B pass W pass"), "");
  ASSERT_TRUE(game.undo());
  ASSERT_TRUE(game.undo());
  EXPECT_EQ(verdict(game, "B C3"), MoveVerdict::Ko);
  ASSERT_EQ(playMoves(game, "B pass W pass"), "");
  EXPECT_EQ(verdict(game, "B C3"), MoveVerdict::Superko);
}

// Random games against the reading itself, computed from whole boards: a move is Ko when
// it takes one stone, leaves its own stone alone with one liberty and takes a stone that
// the current run of such captures played; Superko when the same colour already played
// that point on that board. legalPoints must agree with check everywhere. The games start
// on empty 3x3 and 4x4 boards and from the diagrams above, and prefer ko captures, so that
// long runs of kos (whose hot stones the board's simple ko does not know) are common.
TEST(IngKo, AgreesWithAReferenceInRandomGames) {
  Random rng(7);
  const Rules rules = rulesFor("ing");
  const std::string_view starts[] = {kTripleKo, kDoubleKoSeki, kEternalLife, kIngKo};
  int hotRefusals = 0;
  int laterHotRefusals = 0;  // hot stones older than the last move: not the board's simple ko
  int repeatRefusals = 0;
  for (int round = 0; round < 300; ++round) {
    Game game =
        round % 3 == 2 ? parseGame(starts[(round / 3) % 4], rules) : Game(3 + round % 3, rules);
    std::set<std::pair<std::string, std::string>> plays;  // (board before, board after)
    std::vector<std::pair<Point, Color>> hot;
    for (int turn = 0; turn < 150 && !game.isOver(); ++turn) {
      const Color c = game.toMove();
      const Board& board = game.board();
      const PointSet map = game.legalPoints(c);
      std::vector<std::pair<Point, bool>> legal;  // with whether it is a ko capture
      for (int i = 0; i < board.emptyCount(); ++i) {
        const Point p = board.emptyAt(i);
        const MoveVerdict v = game.check(c, p);
        ASSERT_EQ(map.contains(p), v == MoveVerdict::Legal) << game.geometry().toGtp(p);
        const MoveVerdict onBoard = board.check(p, c, true);
        if (onBoard == MoveVerdict::Suicide || onBoard == MoveVerdict::Occupied) {
          ASSERT_EQ(v, onBoard);
          continue;
        }
        Board next = board;
        next.play(p, c);
        const bool koCapture = board.stoneCount(opponent(c)) - next.stoneCount(opponent(c)) == 1 &&
                               next.chainSize(p) == 1 && next.libertyCount(p) == 1;
        bool takesHot = false;
        for (const auto& [q, color] : hot) {
          if (color != c && board.at(q) == color && next.at(q) == Color::Empty) takesHot = true;
        }
        MoveVerdict expected = MoveVerdict::Legal;
        if (koCapture && takesHot) {
          expected = MoveVerdict::Ko;
          ++hotRefusals;
          if (onBoard != MoveVerdict::Ko) ++laterHotRefusals;
        } else if (plays.contains({render(board), render(next)})) {
          expected = MoveVerdict::Superko;
          ++repeatRefusals;
        }
        ASSERT_EQ(v, expected) << game.geometry().toGtp(p) << render(board);
        if (expected == MoveVerdict::Legal) legal.emplace_back(p, koCapture);
      }
      // Ko captures are preferred, so that runs of them (and their hot stones) are common.
      std::vector<std::pair<Point, bool>> kos;
      for (const auto& move : legal) {
        if (move.second) kos.push_back(move);
      }
      const auto& pool = !kos.empty() && rng.below(3) != 0 ? kos : legal;
      const auto [p, koCapture] = pool.empty() || rng.below(20) == 0
                                      ? std::pair{kPass, false}
                                      : pool[rng.below(static_cast<std::uint32_t>(pool.size()))];
      if (p == kPass) {
        hot.clear();
        ASSERT_EQ(game.play(c, p), MoveVerdict::Legal);
        continue;
      }
      const std::string before = render(board);
      ASSERT_EQ(game.play(c, p), MoveVerdict::Legal);
      plays.insert({before, render(game.board())});
      if (koCapture) {
        std::erase_if(hot, [&](const auto& h) { return game.board().at(h.first) != h.second; });
        hot.emplace_back(p, c);
      } else {
        hot.clear();
      }
    }
  }
  // The test must meet both bans to mean anything.
  EXPECT_GT(hotRefusals, 10);
  EXPECT_GT(laterHotRefusals, 10) << laterHotRefusals;
  EXPECT_GT(repeatRefusals, 10);
}

}  // namespace
}  // namespace tengen::go::test
