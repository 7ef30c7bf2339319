#include "site/bots/builtin_bot_player.h"

#include <boost/asio/post.hpp>

#include <algorithm>
#include <limits>

#include "bot/ownership_estimate.h"
#include "go/dead_stones.h"
#include "go/handicap.h"

namespace tengen::site {

namespace asio = boost::asio;

BuiltinBotPlayer::BuiltinBotPlayer(const BotSpec& spec, int64_t gameId, BotThreadPool& pool,
                                   asio::any_io_executor strand)
    : pool_(pool), strand_(std::move(strand)), seed_(static_cast<uint64_t>(gameId) * 7919 + 1) {
  bot::BotOptions options;
  options.threads = 1;
  options.seed = seed_;
  options.limits = bot::SearchLimits{.playouts = spec.playouts, .seconds = spec.seconds};
  bot_ = std::make_shared<bot::Bot>(options);
}

bot::ClockView clockView(const game::TimeControl& control, const game::ClockState& clock) {
  bot::ClockView view;
  view.mainSeconds = static_cast<double>(clock.mainMs) / 1000.0;
  view.periodSeconds = static_cast<double>(clock.periodMs) / 1000.0;
  switch (control.kind) {
    case game::TimeKind::None:
      view.system = bot::ClockView::System::None;
      break;
    case game::TimeKind::Absolute:
      view.system = bot::ClockView::System::Absolute;
      break;
    case game::TimeKind::Byoyomi:
      view.system = bot::ClockView::System::Byoyomi;
      view.periods = clock.periodsLeft;
      if (clock.periodMs == 0) view.periodSeconds = control.periodSeconds;
      break;
    case game::TimeKind::Canadian:
      view.system = bot::ClockView::System::Canadian;
      view.periodStones = clock.periodsLeft > 0 ? clock.stonesLeft : control.stones;
      if (clock.periodMs == 0) view.periodSeconds = control.periodSeconds;
      break;
    case game::TimeKind::Fischer:
      view.system = bot::ClockView::System::Fischer;
      view.incrementSeconds = control.incrementSeconds;
      break;
  }
  return view;
}

void BuiltinBotPlayer::genmove(const BotSnapshot& snapshot, go::Color colour,
                               std::function<void(BotResult<BotMove>)> done) {
  const bot::ClockView clock = clockView(snapshot.timeControl, snapshot.clock(colour));
  // Tromp-Taylor counts the board as it stands: dead stones must be captured before passing.
  const bool cleanup = !snapshot.game.rules().hasRemovalPhase();
  pool_.submit(bot_, [bot = bot_, game = snapshot.game, colour, clock, cleanup, strand = strand_,
                      done = std::move(done)]() mutable {
    const bot::Decision decision = bot->genmove(game, colour, &clock, cleanup);
    BotMove move;
    switch (decision.kind) {
      case bot::DecisionKind::Play:
        move.kind = BotMoveKind::Play;
        move.point = decision.point;
        move.text = game.geometry().toGtp(decision.point);
        break;
      case bot::DecisionKind::Pass:
        move.kind = BotMoveKind::Pass;
        move.text = "pass";
        break;
      case bot::DecisionKind::Resign:
        move.kind = BotMoveKind::Resign;
        move.text = "resign";
        break;
    }
    asio::post(strand, [done = std::move(done), move] { done(move); });
  });
}

std::vector<go::Point> builtinHandicap(int size, int count) {
  const int fixed = std::min(count, go::maxFixedHandicap(size));
  std::vector<go::Point> points;
  if (fixed >= 2) points = *go::fixedHandicap(size, fixed);
  const go::Geometry g(size);
  // Stones on the first two lines do little; keep off them when the board is big enough.
  const int margin = size >= 7 ? 2 : size >= 5 ? 1 : 0;
  while (static_cast<int>(points.size()) < count) {
    std::optional<go::Point> best;
    int bestDistance = -1;
    for (int row = 0; row < size; ++row) {
      for (int col = 0; col < size; ++col) {
        const bool inside =
            row >= margin && row < size - margin && col >= margin && col < size - margin;
        const go::Point p = g.point(col, row);
        if (!inside || std::find(points.begin(), points.end(), p) != points.end()) continue;
        int nearest = std::numeric_limits<int>::max();
        for (go::Point q : points) {
          const int dc = g.col(p) - g.col(q);
          const int dr = g.row(p) - g.row(q);
          nearest = std::min(nearest, dc * dc + dr * dr);
        }
        if (nearest > bestDistance) {
          bestDistance = nearest;
          best = p;
        }
      }
    }
    if (!best) break;
    points.push_back(*best);
  }
  return points;
}

void BuiltinBotPlayer::placeHandicap(const BotSnapshot& snapshot,
                                     std::function<void(BotResult<std::vector<go::Point>>)> done) {
  auto points = builtinHandicap(snapshot.game.size(), snapshot.handicap);
  asio::post(strand_, [done = std::move(done), points = std::move(points)] { done(points); });
}

void BuiltinBotPlayer::deadStones(const BotSnapshot& snapshot,
                                  std::function<void(BotResult<go::PointSet>)> done) {
  // The estimate runs playouts: bot threads, like a search.
  // Seeded as the site's own proposal (game_machine_proposal.cpp), so both see the same.
  pool_.submit(bot_, [game = snapshot.game, seed = static_cast<uint64_t>(snapshot.gameId),
                      strand = strand_, done = std::move(done)]() mutable {
    go::PointSet dead = go::proposeDeadStones(game, bot::deadStoneOptions(seed)).dead;
    asio::post(strand, [done = std::move(done), dead = std::move(dead)] { done(dead); });
  });
}

void BuiltinBotPlayer::close() { pool_.cancel(bot_.get()); }

}  // namespace tengen::site
