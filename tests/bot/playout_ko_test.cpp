// Ko fights in the playouts (PlayoutOptions::koRate, src/bot/playout_policy.h): once a ko's
// ban is lifted, the capturer connects and the other side takes back.
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "bot/bot.h"
#include "bot/playout_policy.h"
#include "bot/test_positions.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Board;
using go::Color;
using go::Point;
using go::test::parseBoard;

using test::at;

// Black D4 is about to be captured by White C4, which takes a ko: Black may not take back at
// D4 on the next move. D4 is no eye of White's (two Black diagonals), so White may connect.
Board koJustTaken() {
  Board board = parseBoard(R"(
     A B C D E F G
   7 . . . . . . .
   6 . . . . . . .
   5 . . X O . . .
   4 . X . X O . .
   3 . . X O . . .
   2 . . . . . . .
   1 . . . . . . .
  )");
  board.play(at(board, "C4"), Color::White);
  return board;
}

PlayoutPolicy withKoRate(int rate) {
  PlayoutOptions options;
  options.koRate = rate;
  return PlayoutPolicy(options);
}

// The second move of a playout from koJustTaken() (Black to move, under the ban), as GTP text,
// in each of `trials` playouts.
std::map<std::string, int> secondMoves(const PlayoutPolicy& policy, int trials) {
  const Board start = koJustTaken();
  std::map<std::string, int> out;
  go::Random rng(5);
  for (int i = 0; i < trials; ++i) {
    Board board = start;
    int n = 0;
    std::string second = "none";
    runPlayout(policy, board, Color::Black, at(start, "C4"), go::kNoPoint, rng, false, 2,
               [&](Point p, Color c) {
                 if (++n == 2)
                   second = std::string(go::colorName(c)) + " " + board.geometry().toGtp(p);
               });
    ++out[second];
  }
  return out;
}

TEST(PlayoutKo, TheBoardBansTheRetakeAfterTheCapture) {
  const Board board = koJustTaken();
  EXPECT_EQ(board.koPoint(), at(board, "D4"));
  EXPECT_EQ(board.koColor(), Color::Black);
}

TEST(PlayoutKo, TheCapturerConnectsOnceBlackHasPlayedElsewhere) {
  // Black cannot take back at once and plays elsewhere; White then connects at D4 in every
  // playout. Without the rule White plays D4 only by chance.
  const auto withRule = secondMoves(withKoRate(256), 100);
  EXPECT_EQ(withRule.size(), 1u);
  EXPECT_EQ(withRule.begin()->first, "white D4");
  const auto without = secondMoves(withKoRate(0), 100);
  EXPECT_LT(without.count("white D4") ? without.at("white D4") : 0, 50);
}

TEST(PlayoutKo, TheOtherSideTakesBackWhenTheBanIsLifted) {
  // Black played a threat at G7 and White answered at G6: the ban is gone, and Black takes
  // the ko back at D4 (capturing C4) when runPlayout offers it.
  Board board = koJustTaken();
  board.play(at(board, "G7"), Color::Black);
  board.play(at(board, "G6"), Color::White);
  ASSERT_EQ(board.koPoint(), go::kNoPoint);
  const PlayoutPolicy policy = withKoRate(256);
  go::Random rng(3);
  for (int i = 0; i < 50; ++i) {
    Board copy = board;
    EXPECT_EQ(policy.choose(copy, Color::Black, at(board, "G6"), at(board, "G7"), rng, false,
                            nullptr, at(board, "D4")),
              at(board, "D4"));
  }
}

TEST(PlayoutKo, AFilledKoPointIsNoLongerOffered) {
  // White connected at D4: nothing is left to fight over, and the offer is ignored.
  Board board = koJustTaken();
  board.play(at(board, "G7"), Color::Black);
  board.play(at(board, "D4"), Color::White);
  const PlayoutPolicy policy = withKoRate(256);
  go::Random rng(3);
  for (int i = 0; i < 50; ++i) {
    Board copy = board;
    EXPECT_NE(policy.choose(copy, Color::Black, at(board, "D4"), at(board, "G7"), rng, false,
                            nullptr, at(board, "D4")),
              at(board, "D4"));
  }
}

TEST(PlayoutKo, TheBotFightsKosOnlyWhenTold) {
  // No measurable gain against Pachi on 9x9 (docs/strength.md, "Against Pachi").
  EXPECT_EQ(playoutOptions(BotOptions{}, 9).koRate, 0);
  EXPECT_EQ(playoutOptions(BotOptions{}, 19).koRate, 0);
  BotOptions chosen;
  chosen.fightKos = true;
  EXPECT_EQ(playoutOptions(chosen, 9).koRate, kPlayoutKoRate);
  EXPECT_EQ(playoutOptions(chosen, 19).koRate, kPlayoutKoRate);
  EXPECT_EQ(PlayoutOptions{}.koRate, 0);
}

}  // namespace
}  // namespace tengen::bot
