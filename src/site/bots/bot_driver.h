#pragma once

// One bot seat in one game: sees the room after each change (BotFeed), decides when the bot acts
// and sends its commands as the bot's user, like a client would (docs/protocol.md, "Bots").
// - play: when the bot is to move it asks its engine (BotPlayer) for a move; an illegal
//   answer or a failed engine forfeits the game on the spot;
// - handicap phase: Black's free handicap stones come from the engine;
// - undo requests are declined; chat is ignored;
// - removal phase: the marks are set to the engine's view, chain by chain, then accepted; a
//   chain the opponent marks differently is toggled back twice at most, after which the bot
//   accepts the opponent's marking (two bots that disagree still finish);
// - an untimed game whose human opponent has not acted for SiteLimits::botGameIdleLimit is
//   ended: the driver sends the human's forfeit ("abandoned"), as nothing else would end it
//   and it would hold one of the bot's game slots for ever;
// - when the game ends the engine is closed and `finished` runs once.
// Everything runs on the driver's own strand of the site's io_context; the engine's work
// runs elsewhere (bot threads, an engine process) and never blocks it.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>

#include "game/game_commands.h"
#include "site/bots/bot_player.h"
#include "site/site_context.h"

namespace tengen::site {

class BotDriver : public std::enable_shared_from_this<BotDriver> {
 public:
  using Strand = boost::asio::strand<boost::asio::io_context::executor_type>;

  // `player` must complete its callbacks on `strand`.
  BotDriver(SiteContext& context, int64_t gameId, game::Player bot, Strand strand,
            std::shared_ptr<BotPlayer> player, std::function<void(const BotDriver*)> finished);

  // The room's observer: copies what the driver needs and hands it to the driver's strand.
  void observe(const game::GameMachine& machine);
  // Closes the engine without acting again (the site stops).
  void shutdown();
  // Drops the engine now (a process still running is killed). Only once no thread runs the
  // site's io_context: the last step of stopping, which also breaks the cycle of an engine
  // holding callbacks that hold the driver.
  void releaseEngine() { player_.reset(); }

  int64_t gameId() const { return gameId_; }

 private:
  void act();
  void actInPlay(const BotSnapshot& snapshot, go::Color colour);
  void actInRemoval(const BotSnapshot& snapshot, go::Color colour);
  void moveChosen(const BotSnapshot& snapshot, go::Color colour, BotResult<BotMove> move);
  // Sends `kind` with `fields` to the room as the bot; `then` runs with the reply's type
  // ("ok" or "error") and error code once it arrives.
  void send(game::CommandKind kind, boost::json::object fields,
            std::function<void(std::string code)> then);
  // As send(), for another actor (the abandoned game's human).
  void sendAs(game::Actor actor, game::CommandKind kind, boost::json::object fields,
              std::function<void(std::string code)> then);
  // Restarts the idle timer when the game changed; stops it when nobody can abandon it.
  void watchIdle();
  void abandoned(const game::Player& human);
  void forfeit(const BotFailure& failure);
  void finish();
  std::optional<go::Color> colourIn(const BotSnapshot& snapshot) const;

  SiteContext& context_;
  const int64_t gameId_;
  const game::Player bot_;
  Strand strand_;
  std::shared_ptr<BotPlayer> player_;
  std::function<void(const BotDriver*)> finished_;

  // Strand-only state.
  std::optional<BotSnapshot> latest_;
  bool busy_ = false;          // an engine request or a command in flight
  bool undoInFlight_ = false;  // declining an undo request
  bool forfeited_ = false;
  bool closed_ = false;
  // Removal: the engine's view, for the removal phase that began after `viewMoves` moves.
  std::optional<go::PointSet> view_;
  std::size_t viewMoves_ = 0;
  std::map<go::Point, int> toggles_;  // chains (by their lowest stone) toggled this phase
  boost::asio::steady_timer idle_;
  int64_t idleSince_ = -1;  // the game version the idle timer counts from
};

}  // namespace tengen::site
