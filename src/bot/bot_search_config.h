#pragma once

// The search settings (search.h SearchConfig) a Bot's options give on a board of a given
// size: the options' size-dependent defaults resolved, the rest copied. The one place the
// two meet, so each option is seen to reach the search.
//
//   const SearchConfig config = bot::searchConfigFor(options, game.size());

#include "bot/bot.h"
#include "bot/search.h"

namespace tengen::bot {

SearchConfig searchConfigFor(const BotOptions& options, int size);

}  // namespace tengen::bot
