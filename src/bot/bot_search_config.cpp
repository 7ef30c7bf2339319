#include "bot/bot_search_config.h"

#include <algorithm>

namespace tengen::bot {

SearchConfig searchConfigFor(const BotOptions& options, int size) {
  SearchConfig config;
  // Out-of-range values are brought into range rather than trusted: the equivalence and the
  // expansion visits are divisors, a widening factor of 1 or less never widens, and the tree's
  // share sizes an allocation.
  config.raveEquivalence = std::max(1.0, options.raveEquivalence.value_or(config.raveEquivalence));
  config.expandThreshold = std::clamp(options.expandAfter.value_or(config.expandThreshold), 1, 64);
  config.treeShare = std::clamp(options.treeShare.value_or(config.treeShare), 0.05, 2.0);
  config.priors.learned = learnedPriorWeight(options, size);
  config.priors.learnedNormalised = options.normalisedPriors;
  config.priors.emptyCorner = cornerPriorWeight(options, size);
  config.priors.ladderFights = options.ladderPrior;
  config.priors.enclosedNakade = playoutOptions(options, size).enclosedNakade;
  config.widening.initial = wideningInitial(options, size);
  config.widening.factor = std::max(1.01, options.wideningFactor.value_or(config.widening.factor));
  config.amafPrior = options.amafPrior;
  config.weightedAmaf = weightedAmafOn(options, size);
  config.lastGoodReply = options.lastGoodReply;
  config.scoreShare = options.scoreShare;
  return config;
}

}  // namespace tengen::bot
