#include "site/analysis/position_review.h"

#include <cmath>

#include "bot/ownership_estimate.h"
#include "go/random.h"
#include "site/analysis/score_estimator.h"

namespace tengen::site {

bot::BotOptions reviewBotOptions(int playouts, uint64_t seed) {
  bot::BotOptions options;
  options.threads = 1;
  options.seed = seed;
  options.limits = bot::SearchLimits{.playouts = playouts, .seconds = 0};
  options.resignWinRate = 0;
  options.reuseTree = false;
  return options;
}

store::EngineReviewPosition reviewPosition(bot::Bot& bot, const go::Game& position) {
  const go::Color toMove = position.toMove();
  store::EngineReviewPosition out;
  out.moveNumber = static_cast<int64_t>(position.moves().size());
  out.blackToMove = toMove == go::Color::Black;
  const bot::Decision decision = bot.genmove(position, toMove);
  // The search's win rate is the mover's.
  out.blackWinRate = out.blackToMove ? decision.winRate : 1.0 - decision.winRate;
  out.bestMove = decision.kind == bot::DecisionKind::Play
                     ? position.geometry().toGtp(decision.point)
                     : "pass";  // a resignation cannot come: reviewBotOptions never resigns
  // Seeded by the position's move number: the same game always gets the same scores.
  go::Random rng(0x5c0e + static_cast<uint64_t>(out.moveNumber));
  const std::vector<float> ownership = bot::estimateOwnership(
      position.board(), toMove, position.rules().allowsSuicide(), kReviewOwnershipPlayouts, rng);
  out.blackMargin = ownershipMargin(position, ownership);
  return out;
}

std::vector<store::EngineReviewPosition> reviewGame(
    bot::Bot& bot, const go::Game& game,
    const std::function<bool(const store::EngineReviewPosition&)>& each) {
  // Every position, last first (undo replays the game, so taking them from one copy costs
  // moves² board steps, far under one search), then reviewed from the first.
  std::vector<go::Game> positions;
  positions.reserve(game.moves().size() + 1);
  go::Game position = game;
  for (;;) {
    positions.push_back(position);
    if (position.moves().empty()) break;
    position.undo();
  }
  std::vector<store::EngineReviewPosition> reviewed;
  reviewed.reserve(positions.size());
  for (auto it = positions.rbegin(); it != positions.rend(); ++it) {
    reviewed.push_back(reviewPosition(bot, *it));
    if (!each(reviewed.back())) break;
  }
  return reviewed;
}

}  // namespace tengen::site
