#include "bot/bot.h"

#include <atomic>

#include "go/random.h"

namespace tengen::bot {

// Placeholder until the search lands: a random legal move that fills no own eye.
struct Bot::Impl {
  explicit Impl(BotOptions o) : options(o), rng(o.seed) {}
  BotOptions options;
  go::Random rng;
  std::atomic<bool> stopRequested{false};
};

Bot::Bot(BotOptions options) : impl_(std::make_unique<Impl>(options)) {}
Bot::~Bot() = default;

Decision Bot::genmove(const go::Game& game, go::Color toMove, const ClockView*, bool) {
  std::vector<go::Point> candidates;
  const go::PointSet legal = game.legalPoints(toMove);
  const go::Geometry& g = game.geometry();
  for (int row = 0; row < g.size(); ++row) {
    for (int col = 0; col < g.size(); ++col) {
      const go::Point p = g.point(col, row);
      if (legal.contains(p) && !game.board().isEyeLike(p, toMove)) candidates.push_back(p);
    }
  }
  Decision d;
  if (candidates.empty()) return d;
  d.kind = DecisionKind::Play;
  d.point = candidates[impl_->rng.below(static_cast<std::uint32_t>(candidates.size()))];
  return d;
}

void Bot::stop() { impl_->stopRequested = true; }
void Bot::setLimits(SearchLimits limits) { impl_->options.limits = limits; }
const BotOptions& Bot::options() const { return impl_->options; }

}  // namespace tengen::bot
