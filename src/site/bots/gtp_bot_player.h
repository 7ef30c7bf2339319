#pragma once

// An external GTP engine behind a bot seat (tengen serve --bot): one process per game, spoken
// to through gtp::GtpClient on the driver's strand, so a slow or hung engine stalls nothing.
// The process starts at the first request and learns the whole game then: boardsize,
// clear_board, komi, the handicap stones (set_free_handicap with the server's points), every
// move with `play`, and the clock with time_settings (kgs-time_settings when it lists it).
// Later requests send only the moves it has not seen; before each genmove it gets time_left.
// Time-outs: 10 s for ordinary commands; a genmove may take the mover's remaining clock
// (main time plus the current period) plus 5 s, or `moveSeconds` without a clock. Any
// failure is the engine's forfeit (BotFailure): exited, timed out, answered something that is
// not GTP or refused a setup command (engine_protocol), answered a move that is not a vertex
// (engine_illegal_move).

#include <boost/asio/any_io_executor.hpp>

#include <chrono>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "gtp/gtp_client.h"
#include "site/bots/bot_player.h"
#include "site/bots/bot_roster.h"

namespace tengen::site {

class GtpBotPlayer : public BotPlayer, public std::enable_shared_from_this<GtpBotPlayer> {
 public:
  GtpBotPlayer(const BotSpec& spec, boost::asio::any_io_executor strand);
  ~GtpBotPlayer() override;

  void genmove(const BotSnapshot& snapshot, go::Color colour,
               std::function<void(BotResult<BotMove>)> done) override;
  void placeHandicap(const BotSnapshot& snapshot,
                     std::function<void(BotResult<std::vector<go::Point>>)> done) override;
  void deadStones(const BotSnapshot& snapshot,
                  std::function<void(BotResult<go::PointSet>)> done) override;
  void close() override;

 private:
  using Then = std::function<void(BotResult<void>)>;
  // Starts the engine if needed and brings it to the snapshot's position.
  void sync(const BotSnapshot& snapshot, Then then);
  void afterStart(const BotSnapshot& snapshot, Then then);
  // Sends `commands` one after another (the client writes them in order); `then` gets the
  // first failure, or success once the last has answered.
  void sendAll(std::vector<std::string> commands, Then then);
  void send(std::string command, std::chrono::milliseconds timeout,
            std::function<void(BotResult<std::string>)> handler);
  // sync, then `command`; `handler` runs with this player alive (never once the seat is gone,
  // when nobody waits for the answer) and the reply or the first failure.
  void syncAndSend(const BotSnapshot& snapshot, std::string command,
                   std::function<void(GtpBotPlayer& self, BotResult<std::string>)> handler);
  std::vector<std::string> timeSettings(const game::TimeControl& control) const;
  bool lists(const std::string& command) const { return commands_.contains(command); }

  BotSpec spec_;
  boost::asio::any_io_executor strand_;
  std::shared_ptr<gtp::GtpClient> client_;
  std::set<std::string> commands_;  // list_commands
  bool ready_ = false;              // the engine holds engineMoves_ on a board of our size
  std::vector<go::Point> engineHandicap_;
  std::vector<go::Move> engineMoves_;
  bool closed_ = false;
};

}  // namespace tengen::site
