#pragma once

// The built-in bot to offer a player who waited alone (docs/protocol.md, "Automatch and
// challenges"): the one whose rank is nearest the player's.

#include <optional>
#include <string_view>

#include "site/automatch/matchmaker.h"
#include "site/site_context.h"

namespace tengen::site {

// Assumed ranks of the built-in levels before they have a settled rating of their own, from
// docs/strength.md (Strong at 1 s a move is near GNU Go level 10 on 19x19): Tengen Easy 20k,
// Tengen Medium 13k, Tengen Strong 8k. Other names: nullopt.
std::optional<double> assumedBotRating(std::string_view name);

// Blocking (store reads): the built-in bot nearest `rating`, using a bot's own "overall"
// rating once it is no longer provisional, else assumedBotRating. nullopt when the site has
// no built-in bot.
std::optional<BotOffer> nearestBuiltinBot(SiteContext& context, double rating);

}  // namespace tengen::site
