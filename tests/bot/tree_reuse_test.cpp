// Tree reuse: the next genmove starts from the subtree of the moves played since.
#include <gtest/gtest.h>

#include "bot/bot.h"
#include "go/diagram.h"

namespace tengen::bot {
namespace {

using go::Color;

BotOptions options(bool reuse) {
  BotOptions o;
  o.limits = {.playouts = 2000, .seconds = 0};
  o.resignWinRate = 0;
  o.reuseTree = reuse;
  return o;
}

TEST(TreeReuse, TheNextMoveStartsWithTheVisitsOfItsSubtree) {
  go::Game game(9, go::test::rulesFor("chinese komi=7"));
  Bot bot(options(true));
  const Decision black = bot.genmove(game, Color::Black);
  EXPECT_EQ(bot.lastSearch().reusedVisits, 0);
  game.play(Color::Black, black.point);
  // White's search starts below Black's move, which the last search visited most.
  const Decision white = bot.genmove(game, Color::White);
  EXPECT_GT(bot.lastSearch().reusedVisits, 100);
  game.play(Color::White, white.point);
  // And again below White's move.
  bot.genmove(game, Color::Black);
  EXPECT_GT(bot.lastSearch().reusedVisits, 0);
}

TEST(TreeReuse, AnUnrelatedPositionStartsAfresh) {
  go::Game game(9, go::test::rulesFor("chinese komi=7"));
  Bot bot(options(true));
  bot.genmove(game, Color::Black);
  go::Game other(9, go::test::rulesFor("chinese komi=7"));
  other.play(Color::Black, go::test::vertex(other.geometry(), "A1"));
  other.play(Color::White, go::test::vertex(other.geometry(), "J9"));
  other.play(Color::Black, go::test::vertex(other.geometry(), "A9"));
  bot.genmove(other, Color::White);
  EXPECT_EQ(bot.lastSearch().reusedVisits, 0);
}

TEST(TreeReuse, OffMeansFresh) {
  go::Game game(9, go::test::rulesFor("chinese komi=7"));
  Bot bot(options(false));
  const Decision black = bot.genmove(game, Color::Black);
  game.play(Color::Black, black.point);
  bot.genmove(game, Color::White);
  EXPECT_EQ(bot.lastSearch().reusedVisits, 0);
}

}  // namespace
}  // namespace tengen::bot
