#include "bot/bot_search_config.h"

namespace tengen::bot {

SearchConfig searchConfigFor(const BotOptions& options, int size) {
  SearchConfig config;
  config.raveEquivalence = options.raveEquivalence.value_or(config.raveEquivalence);
  config.expandThreshold = options.expandAfter.value_or(config.expandThreshold);
  config.priors.learned = learnedPriorWeight(options, size);
  config.priors.emptyCorner = cornerPriorWeight(options, size);
  config.priors.enclosedNakade = playoutOptions(options, size).enclosedNakade;
  config.widening.initial = wideningInitial(options, size);
  config.widening.factor = options.wideningFactor.value_or(config.widening.factor);
  config.amafPrior = options.amafPrior;
  config.lastGoodReply = options.lastGoodReply;
  config.scoreShare = options.scoreShare;
  return config;
}

}  // namespace tengen::bot
