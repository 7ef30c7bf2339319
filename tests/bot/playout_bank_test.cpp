// BotOptions::bankPlayouts: what early stops save is spent by later moves, never more than
// the limit again on one move, and never more than the limit per move over the game.
#include <gtest/gtest.h>

#include <vector>

#include "bot/bot.h"
#include "bot_test_options.h"
#include "go/diagram.h"

namespace tengen::bot::playout_bank_test {
namespace {

using go::Color;

constexpr int kLimit = 400;

// One bot plays both sides of a 9x9 game for `moves` moves; the playouts of each search.
std::vector<int> selfPlay(bool bank, int moves, std::vector<int>* banks = nullptr) {
  BotOptions o = test::fixedPlayouts(kLimit);
  o.bankPlayouts = bank;
  o.seed = 5;
  Bot bot(o);
  go::Game game(9, go::test::rulesFor("chinese komi=7"));
  std::vector<int> spent;
  Color c = Color::Black;
  for (int i = 0; i < moves && !game.isOver(); ++i) {
    const Decision d = bot.genmove(game, c);
    if (d.kind == DecisionKind::Resign) break;
    spent.push_back(bot.lastSearch().playouts);
    if (banks != nullptr) banks->push_back(bot.lastSearch().playoutBank);
    game.play(c, d.kind == DecisionKind::Play ? d.point : go::kPass);
    c = go::opponent(c);
  }
  return spent;
}

TEST(PlayoutBank, WithoutItNoSearchPassesTheLimitAndEarlyStopsSave) {
  const std::vector<int> spent = selfPlay(false, 30);
  int total = 0;
  for (int n : spent) {
    EXPECT_LE(n, kLimit);
    total += n;
  }
  // The premise: searches stop early (their best move can no longer be overtaken), so
  // playouts go unspent.
  EXPECT_LT(total, kLimit * static_cast<int>(spent.size()));
}

TEST(PlayoutBank, WhatEarlyStopsSaveIsSpentLaterWithinTheLimitPerMove) {
  std::vector<int> banks;
  const std::vector<int> spent = selfPlay(true, 30, &banks);
  ASSERT_EQ(spent.size(), banks.size());
  int total = 0;
  int over = 0;
  int bank = 0;
  for (std::size_t i = 0; i < spent.size(); ++i) {
    EXPECT_LE(spent[i], kLimit + bank) << "move " << i << " spent more than it had";
    EXPECT_LE(spent[i], 2 * kLimit) << "move " << i;
    bank += kLimit - spent[i];
    EXPECT_EQ(banks[i], bank) << "move " << i;
    total += spent[i];
    over += spent[i] > kLimit ? 1 : 0;
  }
  EXPECT_GT(over, 0) << "no search drew on the bank";
  EXPECT_LE(total, kLimit * static_cast<int>(spent.size()));
}

TEST(PlayoutBank, ANewGameStartsWithAnEmptyBank) {
  BotOptions o = test::fixedPlayouts(kLimit);
  o.bankPlayouts = true;
  Bot bot(o);
  go::Game game(9, go::test::rulesFor("chinese komi=7"));
  Color c = Color::Black;
  for (int i = 0; i < 6; ++i) {
    const Decision d = bot.genmove(game, c);
    game.play(c, d.kind == DecisionKind::Play ? d.point : go::kPass);
    c = go::opponent(c);
  }
  go::Game fresh(9, go::test::rulesFor("chinese komi=7"));
  bot.genmove(fresh, Color::Black);
  EXPECT_LE(bot.lastSearch().playouts, kLimit);
}

}  // namespace
}  // namespace tengen::bot::playout_bank_test
