#pragma once

// The built-in bot (bot::Bot, Monte Carlo tree search) behind a bot seat: one bot::Bot per
// game, so its tree carries over from move to move. Searches run on the site's bot threads
// (BotThreadPool), never on the driver's strand; their results are posted back to it.
// Handicap stones are go's fixed points (spread farther out when the board holds fewer fixed
// points than asked); dead stones are go::proposeDeadStones' proposal.

#include <boost/asio/any_io_executor.hpp>

#include <memory>

#include "bot/bot.h"
#include "site/bots/bot_player.h"
#include "site/bots/bot_roster.h"
#include "site/bots/bot_thread_pool.h"

namespace tengen::site {

class BuiltinBotPlayer : public BotPlayer, public std::enable_shared_from_this<BuiltinBotPlayer> {
 public:
  BuiltinBotPlayer(const BotSpec& spec, int64_t gameId, BotThreadPool& pool,
                   boost::asio::any_io_executor strand);

  void genmove(const BotSnapshot& snapshot, go::Color colour,
               std::function<void(BotResult<BotMove>)> done) override;
  void placeHandicap(const BotSnapshot& snapshot,
                     std::function<void(BotResult<std::vector<go::Point>>)> done) override;
  void deadStones(const BotSnapshot& snapshot,
                  std::function<void(BotResult<go::PointSet>)> done) override;
  void close() override;

 private:
  std::shared_ptr<bot::Bot> bot_;
  BotThreadPool& pool_;
  boost::asio::any_io_executor strand_;
  const uint64_t seed_;
};

// The mover's clock as the bot's time management reads it.
bot::ClockView clockView(const game::TimeControl& control, const game::ClockState& clock);
// `count` handicap points for a `size` board: go's fixed points while they suffice, then
// points farthest from the stones already placed (third line and inside when the board
// allows).
std::vector<go::Point> builtinHandicap(int size, int count);

}  // namespace tengen::site
