#pragma once

// The built-in bot to offer a player who waited alone (docs/protocol.md, "Automatch and
// challenges"): the one whose rank is nearest the player's.

#include <optional>

#include "site/automatch/matchmaker.h"
#include "site/bots/bot_roster.h"
#include "site/site_context.h"

namespace tengen::site {

// The rating of a built-in level before it has a settled rating of its own: that of its
// measured rank (BotSpec::rank, docs/strength.md "Levels"). Bots without one: nullopt.
std::optional<double> assumedBotRating(const BotSpec& bot);

// Blocking (store reads): the built-in bot nearest `rating`, using a bot's own "overall"
// rating once it is no longer provisional, else assumedBotRating. nullopt when the site has
// no built-in bot.
std::optional<BotOffer> nearestBuiltinBot(SiteContext& context, double rating);

}  // namespace tengen::site
