#include "site/automatch/bot_levels.h"

#include <cmath>

#include "rating/rank.h"
#include "site/bots/bot_roster.h"
#include "site/bots/bot_service.h"

namespace tengen::site {

std::optional<double> assumedBotRating(const BotSpec& bot) {
  if (!bot.rank) return std::nullopt;
  return rating::ratingOf(*bot.rank);
}

std::optional<BotOffer> nearestBuiltinBot(SiteContext& context, double rating) {
  if (!context.bots) return std::nullopt;
  const BotRoster& roster = context.bots->roster();
  std::optional<BotOffer> best;
  double bestDistance = 0;
  for (std::size_t i = 0; i < roster.size(); ++i) {
    const BotSpec& spec = roster.spec(i);
    if (spec.kind != BotKind::Builtin) continue;
    std::optional<double> botRating = assumedBotRating(spec);
    if (auto ratings = context.store.ratingsOf(roster.userId(i))) {
      for (const store::CategoryRating& r : *ratings) {
        if (r.category == "overall" && r.deviation < rating::kProvisionalDeviation) {
          botRating = r.rating;
        }
      }
    }
    if (!botRating) botRating = 1500;
    const double distance = std::abs(rating::rankOf(*botRating) - rating::rankOf(rating));
    if (!best || distance < bestDistance) {
      best = BotOffer{spec.name, *botRating};
      bestDistance = distance;
    }
  }
  return best;
}

}  // namespace tengen::site
