#pragma once

// The games row follows each game's log: seats and "playing" once the game starts, status and
// result once it ends, with both players' ratings in the same write when the game is rated
// (store.h finishGame). The log is the truth and the row a summary of it, so a row that lags
// behind (the server stopped between an append and the row's update) is brought up to it when
// the game is loaded or taken over. Only the node that runs a game writes its row.

#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>

#include <array>
#include <cstdint>
#include <utility>

#include "game/game_machine.h"
#include "site/rooms/room_subscriber.h"
#include "site/site_context.h"

namespace tengen::site {

// The row's status for a phase.
game::GameStatus statusOf(game::Phase phase);

class GameRows final : public RoomSubscriber {
 public:
  explicit GameRows(SiteContext& context);
  void changed(const RoomChange& change) override;

 private:
  // Writes on the blocking pool what changed between the two phases.
  void write(int64_t gameId, const game::GameMachine& machine, game::Phase before,
             game::Phase after);

  SiteContext& context_;
  // A game's writes run one after another on the strand its id picks; different games' in
  // parallel. The blocking pool outlives the site's rooms and subscribers (site.cpp).
  std::array<boost::asio::strand<boost::asio::thread_pool::executor_type>, 16> writes_;
};

}  // namespace tengen::site
