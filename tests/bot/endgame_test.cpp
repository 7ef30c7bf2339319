// Passing and resigning as the rules and the count demand (bot/endgame.h, bot/bot.h).
#include "bot/endgame.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "bot/bot.h"
#include "bot/bot_test_options.h"
#include "bot/ownership_estimate.h"
#include "bot/test_positions.h"
#include "go/diagram.h"
#include "go/scoring.h"

namespace tengen::bot {
namespace {

using go::Color;
using go::test::parseGame;
using go::test::playMoves;
using test::fixedPlayouts;
using test::moveText;

// Black owns columns A-C (15), White D-E (10): the game is over.
constexpr const char* kSettled = R"(
     A B C D E
   5 . . X O .
   4 . . X O .
   3 . . X O .
   2 . . X O .
   1 . . X O .
)";

TEST(Endgame, PassesAfterTheOpponentsPassWhenPassingWins) {
  go::Game game = parseGame(kSettled, "chinese komi=0.5", Color::White);
  ASSERT_EQ(playMoves(game, "W pass"), "");
  Bot bot(fixedPlayouts(500));
  EXPECT_EQ(moveText(game, bot.genmove(game, Color::Black)), "pass");
}

TEST(Endgame, PlaysOnWhenPassingLoses) {
  // 15 - 10 - 7.5: passing now would lose by 2.5, so Black keeps playing.
  go::Game game = parseGame(kSettled, "chinese komi=7.5", Color::White);
  ASSERT_EQ(playMoves(game, "W pass"), "");
  Bot bot(fixedPlayouts(500));
  EXPECT_NE(moveText(game, bot.genmove(game, Color::Black)), "pass");
}

// Black's A-G against White's H-N, whose single-point eyes no Black move can touch: Black
// has 91 points, White 78 and 13.5 komi, so Black loses by half a point however it plays.
constexpr const char* kNothingToGain = R"(
     A B C D E F G H J K L M N
  13 . . . . . . X O . O . O .
  12 . . . . . . X O O O O O O
  11 . . . . . . X O . O . O .
  10 . . . . . . X O O O O O O
   9 . . . . . . X O . O . O .
   8 . . . . . . X O O O O O O
   7 . . . . . . X O . O . O .
   6 . . . . . . X O O O O O O
   5 . . . . . . X O . O . O .
   4 . . . . . . X O O O O O O
   3 . . . . . . X O . O . O .
   2 . . . . . . X O O O O O O
   1 . . . . . . X O . O . O .
)";

TEST(Endgame, StopsPlayingOnWhenMovesAnsweredByPassesGainNothing) {
  // White passes every time. Passing would lose, so Black plays on, filling its own area,
  // which changes nothing; after sixteen such moves it passes (without the rule it filled
  // 46 points, until only its eyes were left). Under Tromp-Taylor the count compared is the
  // board as it stands.
  for (const char* rules : {"chinese komi=13.5", "tromp-taylor komi=13.5"}) {
    SCOPED_TRACE(rules);
    go::Game game = parseGame(kNothingToGain, rules, Color::White);
    const double margin = go::scoreGame(game, go::PointSet{}).margin;
    ASSERT_EQ(margin, -0.5);
    Bot bot(fixedPlayouts(300));
    int played = 0;
    bool passed = false;
    for (int turn = 0; turn < 60 && !passed; ++turn) {
      ASSERT_EQ(playMoves(game, "W pass"), "");
      const Decision d = bot.genmove(game, Color::Black);
      passed = d.kind == DecisionKind::Pass;
      if (passed) continue;
      ASSERT_EQ(d.kind, DecisionKind::Play);
      ASSERT_EQ(game.play(Color::Black, d.point), go::MoveVerdict::Legal);
      ++played;
    }
    EXPECT_TRUE(passed);
    EXPECT_EQ(played, 16);
    EXPECT_EQ(go::scoreGame(game, go::PointSet{}).margin, margin);
  }
}

TEST(Endgame, TrompTaylorCapturesTheDeadStoneBeforePassing) {
  // The white stone B4 is dead, but Tromp-Taylor counts the board as it stands: with it
  // there, A1-B5 is nobody's and Black loses (5 to 11). Black must take it, then pass.
  go::Game game = parseGame(R"(
       A B C D E
     5 . . X O .
     4 . O X O .
     3 . . X O .
     2 . . X O .
     1 . . X O .
  )",
                            "tromp-taylor komi=0.5", Color::White);
  const go::Point b4 = go::test::vertex(game.geometry(), "B4");
  Bot bot(fixedPlayouts(500));
  bool passed = false;
  for (int turn = 0; turn < 6 && !passed; ++turn) {
    ASSERT_EQ(playMoves(game, "W pass"), "");
    const Decision d = bot.genmove(game, Color::Black);
    if (d.kind == DecisionKind::Pass) {
      passed = true;
      EXPECT_EQ(game.board().at(b4), Color::Empty) << "passed with the dead stone on the board";
    } else {
      ASSERT_EQ(d.kind, DecisionKind::Play);
      ASSERT_EQ(game.play(Color::Black, d.point), go::MoveVerdict::Legal);
    }
  }
  EXPECT_TRUE(passed);
  EXPECT_GT(go::scoreGame(game, go::PointSet{}).margin, 0);
}

TEST(Endgame, CleanupDoesNotPassWhileDeadStonesRemain) {
  go::Game game = parseGame(R"(
       A B C D E
     5 . . X O .
     4 . O X O .
     3 . . X O .
     2 . . X O .
     1 . . X O .
  )",
                            "chinese komi=0.5", Color::White);
  ASSERT_EQ(playMoves(game, "W pass"), "");
  Bot bot(fixedPlayouts(300));
  // Under Chinese rules passing wins (B4 is removed in the count), but cleanup plays on.
  EXPECT_EQ(moveText(game, bot.genmove(game, Color::Black)), "pass");
  const Decision d = bot.genmove(game, Color::Black, nullptr, true);
  ASSERT_EQ(d.kind, DecisionKind::Play);
  const std::string m = moveText(game, d);
  EXPECT_TRUE(m == "A4" || m == "B5" || m == "B3") << m;
}

TEST(Endgame, DoesNotPassIntoAFightTheOpponentWouldWin) {
  // White's open group (kOpenFight) lives if White moves first and dies if Black does.
  // Black has passed: were White to pass too, the game would end with Black to move, and
  // the count reads the fight for Black.
  go::Game game = parseGame(bot::test::kOpenFight, "japanese komi=6.5", Color::Black);
  ASSERT_EQ(playMoves(game, "B pass"), "");
  // Read for White, the side to move now, the group lives and White leads.
  ASSERT_LT(go::scoreGame(game, bot::finalDeadStones(game)).margin, 0);
  std::vector<go::Point> legal;
  game.legalPoints(Color::White).forEach([&](go::Point p) { legal.push_back(p); });
  const EndgamePlan plan = planEndgame(game, Color::White, false, legal);
  EXPECT_FALSE(plan.passNow);
  EXPECT_LT(plan.marginIfPassed, 0);
  Bot bot(fixedPlayouts(2000));
  EXPECT_NE(moveText(game, bot.genmove(game, Color::White)), "pass");
}

// White's strips on rows 2, 4, 6 and 8 live; Black has nothing and never will.
constexpr const char* kHopeless = R"(
     A B C D E F G H J
   9 . . . . . . . . .
   8 O O O O O O O O O
   7 . . . . . . . . .
   6 O O O O O O O O O
   5 . . . . . . . . .
   4 O O O O O O O O O
   3 . . . . . . . . .
   2 O O O O O O O O O
   1 . . . . . . . . .
)";

TEST(Endgame, ResignsAHopelessGameOnlyWhenEnabled) {
  go::Game game = parseGame(kHopeless, "chinese komi=7");
  BotOptions o = fixedPlayouts(1000);
  o.resignWinRate = 0.1;
  o.resignAfterMoves = 2;
  Bot bot(o);
  // The first hopeless search is not enough; the second in a row resigns.
  EXPECT_NE(bot.genmove(game, Color::Black).kind, DecisionKind::Resign);
  EXPECT_EQ(bot.genmove(game, Color::Black).kind, DecisionKind::Resign);

  Bot never(fixedPlayouts(1000));  // resignWinRate 0
  for (int i = 0; i < 3; ++i)
    EXPECT_NE(never.genmove(game, Color::Black).kind, DecisionKind::Resign);
}

TEST(Endgame, ResignsRatherThanPassInALostGame) {
  // Black's three stones are in atari and White owns the rest: late in the game, with D5
  // and E5 the only moves left, the search finds passing no worse than anything else. A
  // hopeless pass would hand White the end of the game, so the bot resigns at once.
  const go::Game game = parseGame(R"(
       A B C D E
     5 . X O . .
     4 X X O O O
     3 O O O . O
     2 . O . O O
     1 O O O O .
  )",
                                  "chinese komi=7");
  BotOptions o = fixedPlayouts(1000);
  o.resignWinRate = 0.1;
  o.resignAfterMoves = 2;
  Bot bot(o);
  EXPECT_EQ(bot.genmove(game, Color::Black).kind, DecisionKind::Resign);
}

TEST(Endgame, NoPassInTheOpening) {
  const go::Game game(9, go::test::rulesFor("chinese komi=7"));
  const EndgamePlan plan = planEndgame(game, Color::Black, false, {go::Point{11}, go::Point{12}});
  EXPECT_FALSE(plan.passNow);
  EXPECT_FALSE(plan.passAllowed);
  EXPECT_EQ(plan.moves.size(), 2u);
}

}  // namespace
}  // namespace tengen::bot
