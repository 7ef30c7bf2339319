// The node pool (search.h treeNodesFor): a search that fills it can no longer grow its tree,
// plays its remaining simulations from the leaves it has, and says how many ran that way.
#include <gtest/gtest.h>

#include <atomic>

#include "bot/bot.h"
#include "bot/bot_test_options.h"
#include "bot/empty_board_search.h"
#include "bot/search.h"
#include "go/game.h"

namespace tengen::bot {
namespace {

TEST(TreeCapacity, TheBotReportsTheSimulationsThatFoundItsPoolFull) {
  // The opening is the worst case: nearly every point is a child of every expansion, and the
  // pool, sized for half of them, fills part-way through the search (docs/strength.md, "A
  // tree that stopped growing"). The search goes on from the leaves it has.
  for (const int size : {9, 13, 19}) {
    Bot bot(test::fixedPlayouts(3000));
    const go::Game game(size, go::Rules{});
    const Decision d = bot.genmove(game, go::Color::Black);
    EXPECT_EQ(d.kind, DecisionKind::Play) << size;
    EXPECT_GT(bot.lastSearch().playoutsWithFullTree, 0) << size;
    EXPECT_LT(bot.lastSearch().playoutsWithFullTree, bot.lastSearch().playouts) << size;
  }
}

TEST(TreeCapacity, APoolForEveryPointHoldsTheOpeningSearch) {
  // --tree-share 1: room for every point at each expansion, as many nodes as the opening's
  // search makes, so its tree grows to the end (the pool of docs/strength.md's "A tree that
  // stopped growing" match).
  for (const int size : {9, 13, 19}) {
    BotOptions options = test::fixedPlayouts(3000);
    options.treeShare = 1;
    Bot bot(options);
    const go::Game game(size, go::Rules{});
    bot.genmove(game, go::Color::Black);
    EXPECT_EQ(bot.lastSearch().playoutsWithFullTree, 0) << size;
    EXPECT_GT(bot.lastSearch().playouts, 1000) << size;
  }
}

TEST(TreeCapacity, ASearchCountsTheSimulationsThatFoundItsPoolFull) {
  const SearchPosition pos = test::emptyBoardSearch(19, false);
  // Room for the root, its 361 children and three expansions below them.
  NodePool pool(1 + 4 * 361);
  const SearchConfig config;
  Search search(pool, config, sharedPlayoutPolicy(true));
  const NodeIndex root = pool.allocate(1);
  ASSERT_TRUE(search.prepareRoot(root, pos));
  const std::atomic<bool> stop{false};
  const SearchStats stats = search.run(root, pos, SearchLimitsResolved{400, 0}, 1, 5, stop);
  // The search still plays every simulation, from the leaves it has.
  EXPECT_EQ(stats.playouts, 400);
  EXPECT_GT(stats.playoutsWithFullTree, 300);
  EXPECT_LT(stats.playoutsWithFullTree, 400);
}

}  // namespace
}  // namespace tengen::bot
