// Dynamic komi in handicap games (bot/dynamic_komi.h): the credit White gets in the
// search's count, and what it does to the search's view of a handicap game.
#include "bot/dynamic_komi.h"

#include <gtest/gtest.h>

#include "bot/bot.h"
#include "bot/bot_test_options.h"
#include "go/diagram.h"
#include "go/handicap.h"

namespace tengen::bot {
namespace {

using go::Color;

TEST(DynamicKomi, StartsAtSevenPointsAStoneAndFallsToNothing) {
  EXPECT_DOUBLE_EQ(dynamicKomi(19, 4, 0), 28.0);
  EXPECT_DOUBLE_EQ(dynamicKomi(19, 4, 100), 14.0);  // half way to move 200
  EXPECT_DOUBLE_EQ(dynamicKomi(19, 4, 200), 0.0);
  EXPECT_DOUBLE_EQ(dynamicKomi(19, 4, 300), 0.0);  // never below nothing
  // 13x13: the same credit per stone, gone sooner (by move 94).
  EXPECT_DOUBLE_EQ(dynamicKomi(13, 3, 0), 21.0);
  EXPECT_DOUBLE_EQ(dynamicKomi(13, 3, 47), 10.5);
  EXPECT_DOUBLE_EQ(dynamicKomi(13, 3, 94), 0.0);
}

TEST(DynamicKomi, EvenGamesAndSmallBoardsGetNone) {
  for (int stones : {0, 1}) EXPECT_EQ(dynamicKomi(19, stones, 0), 0.0) << stones;
  EXPECT_EQ(dynamicKomi(9, 2, 0), 0.0);
  EXPECT_EQ(dynamicKomi(12, 4, 0), 0.0);
}

go::Game handicapGame(int size, int stones) {
  go::Game game(size, *go::Rules::parse("chinese komi=0.5"));
  EXPECT_TRUE(game.placeHandicap(*go::fixedHandicap(size, stones)));
  return game;
}

TEST(DynamicKomi, WhiteGivingStonesSeesAGameStillToPlayFor) {
  // Four stones on 13x13 are worth some 50 points: counted with komi 0.5, White's first move
  // already looks bad to the search (and worse with every move, until the bot resigns). With
  // the credit its win rate is nearer even, where the search tells moves apart.
  const go::Game game = handicapGame(13, 4);
  ASSERT_EQ(game.toMove(), Color::White);
  BotOptions dynamic = test::fixedPlayouts(3000);
  dynamic.dynamicKomi = true;
  const double without = Bot(test::fixedPlayouts(3000)).genmove(game, Color::White).winRate;
  const double with = Bot(dynamic).genmove(game, Color::White).winRate;
  EXPECT_LT(without, 0.4);
  EXPECT_GT(with, without + 0.05);
}

TEST(DynamicKomi, IsOffUnlessAskedFor) { EXPECT_FALSE(BotOptions{}.dynamicKomi); }

TEST(DynamicKomi, AnEvenGameSearchesTheSame) {
  const go::Game game(13, *go::Rules::parse("chinese komi=7"));
  BotOptions dynamic = test::fixedPlayouts(2000);
  dynamic.dynamicKomi = true;
  const Decision a = Bot(test::fixedPlayouts(2000)).genmove(game, Color::Black);
  const Decision b = Bot(dynamic).genmove(game, Color::Black);
  EXPECT_EQ(a.point, b.point);
  EXPECT_EQ(a.winRate, b.winRate);
}

// Black has the whole board but for a lone White stone: a count White cannot win.
constexpr const char* kHopelessForWhite = R"(
   A B C D E F G H J
 9 . X . X . X . X .
 8 X . X . X . X . X
 7 . X . X . X . X .
 6 X . X . X . X . X
 5 . X . X O . X X .
 4 X . X . X . X . X
 3 . X . X . X . X .
 2 X . X . X . X . X
 1 . X . X . X . X .
)";

Decision whiteFacing(const char* diagram, int handicapStones) {
  go::Game game = go::test::parseGame(diagram, "chinese komi=0.5", Color::White);
  game.setHandicapCount(handicapStones);
  BotOptions options = test::fixedPlayouts(500);
  options.resignWinRate = 0.05;
  options.resignAfterMoves = 1;
  return Bot(options).genmove(game, Color::White);
}

TEST(HandicapResignation, WhiteGivingStonesPlaysOnWhereItWouldResignAnEvenGame) {
  EXPECT_EQ(whiteFacing(kHopelessForWhite, 0).kind, DecisionKind::Resign);
  // The same count in a handicap game, early: the stones were given to a weaker player.
  EXPECT_NE(whiteFacing(kHopelessForWhite, 4).kind, DecisionKind::Resign);
}

}  // namespace
}  // namespace tengen::bot
