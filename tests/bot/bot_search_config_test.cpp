// bot_search_config.h: every BotOptions knob of the search reaches SearchConfig, unset ones
// keep the search's defaults, and a Bot's real search follows them.
#include <gtest/gtest.h>

#include <cstddef>
#include <optional>

#include "bot/bot.h"
#include "bot/bot_search_config.h"
#include "bot/bot_test_options.h"
#include "bot/search.h"
#include "go/game.h"

namespace tengen::bot {
namespace {

TEST(BotSearchConfig, UnsetOptionsKeepTheSearchsDefaultsAndTheBoardSizesOwn) {
  const SearchConfig defaults;
  for (const int size : {9, 13, 19}) {
    const SearchConfig config = searchConfigFor(BotOptions{}, size);
    EXPECT_EQ(config.raveEquivalence, defaults.raveEquivalence);
    EXPECT_EQ(config.expandThreshold, defaults.expandThreshold);
    EXPECT_EQ(config.treeShare, defaults.treeShare);
    EXPECT_EQ(config.widening.factor, defaults.widening.factor);
    EXPECT_EQ(config.widening.visits, defaults.widening.visits);
    EXPECT_EQ(config.widening.initial, size >= kWideningMinSize ? kWideningInitial : 0);
    EXPECT_EQ(config.priors.learned,
              size >= kLargeBoardMinSize ? 2 * kLearnedPriorWeight : kLearnedPriorWeight);
    EXPECT_EQ(config.priors.emptyCorner, size >= kCornerPriorMinSize ? kCornerPriorWeight : 0);
    EXPECT_EQ(config.priors.enclosedNakade, 0);
    EXPECT_EQ(config.priors.ladderFights, 0);
    EXPECT_EQ(config.amafPrior, 0);
    EXPECT_EQ(config.weightedAmaf, size >= kLargeBoardMinSize);
    EXPECT_EQ(config.lastGoodReply, 0);
    EXPECT_EQ(config.scoreShare, 0);
  }
  EXPECT_EQ(searchConfigFor(BotOptions{}, 7).priors.learned, 0);  // hand-made below 9x9
}

TEST(BotSearchConfig, EveryOptionReachesTheSearch) {
  BotOptions options;
  options.raveEquivalence = 750;
  options.expandAfter = 5;
  options.treeShare = 1;
  options.wideningFactor = 1.6;
  options.widening = 9;
  options.learnedPriors = 12;
  options.cornerPrior = 40;
  options.ladderPrior = 25;
  options.enclosedNakade = 3;
  options.amafPrior = 0.5;
  options.weightedAmaf = true;
  options.lastGoodReply = 2;
  options.scoreShare = 0.1;
  const SearchConfig config = searchConfigFor(options, 13);
  EXPECT_EQ(config.raveEquivalence, 750);
  EXPECT_EQ(config.expandThreshold, 5);
  EXPECT_EQ(config.treeShare, 1);
  EXPECT_EQ(config.widening.factor, 1.6);
  EXPECT_EQ(config.widening.initial, 9);
  EXPECT_EQ(config.priors.learned, 12);
  EXPECT_EQ(config.priors.emptyCorner, 40);
  EXPECT_EQ(config.priors.ladderFights, 25);
  EXPECT_EQ(config.priors.enclosedNakade, 3);
  EXPECT_EQ(config.amafPrior, 0.5);
  EXPECT_TRUE(config.weightedAmaf);
  EXPECT_EQ(config.lastGoodReply, 2);
  EXPECT_EQ(config.scoreShare, 0.1);
}

TEST(BotSearchConfig, ValuesTheSearchCannotUseAreBroughtIntoRange) {
  BotOptions options;
  options.raveEquivalence = 0;  // a divisor
  options.expandAfter = -3;
  options.wideningFactor = 0.5;  // would narrow instead
  options.treeShare = -1;        // sizes an allocation
  SearchConfig config = searchConfigFor(options, 19);
  EXPECT_EQ(config.raveEquivalence, 1);
  EXPECT_EQ(config.expandThreshold, 1);
  EXPECT_EQ(config.widening.factor, 1.01);
  EXPECT_EQ(config.treeShare, 0.05);
  options.expandAfter = 1'000'000;
  options.treeShare = 1e9;
  EXPECT_EQ(searchConfigFor(options, 19).expandThreshold, 64);
  EXPECT_EQ(searchConfigFor(options, 19).treeShare, 2);
}

// The tree nodes a Bot's 2,000-playout 9x9 search from the empty board leaves in use.
std::size_t treeNodesAfterASearch(std::optional<int> expandAfter) {
  BotOptions options = test::fixedPlayouts(2000);
  options.expandAfter = expandAfter;
  Bot bot(options);
  const go::Game game(9, go::Rules{});
  bot.genmove(game, go::Color::Black);
  return bot.lastSearch().nodes;
}

TEST(BotSearchConfig, TheBotsTreeGrowsAsExpandAfterSays) {
  // Each expansion adds a node's children (about 80 on an open 9x9 board); a leaf that waits
  // for 8 visits instead of 2 is expanded about a quarter as often.
  const std::size_t byDefault = treeNodesAfterASearch(std::nullopt);
  const std::size_t everyVisit = treeNodesAfterASearch(1);
  const std::size_t everyEighth = treeNodesAfterASearch(8);
  EXPECT_GT(everyVisit, byDefault * 3 / 2);
  EXPECT_LT(everyEighth * 2, byDefault);
}

}  // namespace
}  // namespace tengen::bot
