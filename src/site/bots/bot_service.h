#pragma once

// The bots of a site (docs/protocol.md, "Bots"): the roster, their user accounts, the bot
// threads for built-in searches and one BotDriver per bot seat of every game in play. Owned by
// Site; thread-safe.
//
//   BotService bots(context, specs, threads);
//   bots.prepare();                  // bot users exist (blocking store calls), once
//   bots.attach(room, gameId, blackUserId, whiteUserId, resumed);  // a game with bot seats
//   bots.stop();                     // before the site's io_context stops

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <utility>
#include <vector>

#include "base/result.h"
#include "game/game_machine.h"
#include "site/bots/bot_roster.h"
#include "site/bots/bot_thread_pool.h"
#include "site/site_context.h"

namespace tengen::site {

class BotDriver;
class GameRoom;

// What a bot user's password hash holds: not an argon2 hash, so no password ever verifies
// (accounts.cpp), and the mark that tells a bot account from a human one.
inline constexpr const char* kBotPasswordHash = "tengen-bot";

// At most this many bot matches in play per requesting user.
inline constexpr int kMaxBotMatchesPerUser = 2;

class BotService {
 public:
  BotService(SiteContext& context, std::vector<BotSpec> specs, int threads);
  ~BotService();  // stop()

  // Creates the bot users that are missing and reads the ids of the others. Fails when a
  // human account holds a bot's name. Blocking; idempotent.
  Result<void> prepare();
  BotRoster& roster() { return roster_; }
  // The threads of the built-in bot's searches.
  BotThreadPool& threads() { return pool_; }

  // Starts a driver for each seat of `room`'s game held by a roster bot. The caller has
  // reserved the bots' game slots unless `resumed` (a game in play when the server stopped:
  // its slots are taken now, even past maxGames). `requester`: the user who asked for a bot
  // match (0 for none), whose match count drops when the game ends. `challenger`: the person
  // who challenged the bot (0 for none; the seats are not known before the start event), whose
  // reserveOpponent place is released when the game ends.
  // `resumed`: the game was in play before this attach (a restart, or another node's game taken
  // over); a game already driven here is left as it is then.
  void attach(const std::shared_ptr<GameRoom>& room, int64_t gameId, int64_t blackUserId,
              int64_t whiteUserId, bool resumed, int64_t requester = 0, int64_t challenger = 0);
  // The user's bot matches in play; takes one more if below the limit.
  bool reserveMatch(int64_t requester);
  void releaseMatch(int64_t requester);
  // One game at a time per person and bot: a second challenge would let one user hold all of
  // a bot's game slots. False when `userId` already plays (or is starting a game with) the
  // bot at `index`. attach() ties the reservation to the game; it ends with the game.
  bool reserveOpponent(int64_t userId, std::size_t index);
  void releaseOpponent(int64_t userId, std::size_t index);
  bool isBot(int64_t userId) const { return roster_.findUser(userId).has_value(); }
  // The game as it stands after a change, on its room's strand (BotFeed): each of its drivers
  // copies what it needs and acts on its own strand.
  void show(int64_t gameId, const game::GameMachine& machine);

  // Closes every engine, stops the searches and joins the bot threads. Idempotent.
  void stop();
  // After the site's io threads have stopped: kills the engine processes still running.
  void releaseEngines();

 private:
  void driverFinished(int64_t gameId, std::size_t index, const BotDriver* driver);

  SiteContext& context_;
  BotRoster roster_;
  BotThreadPool pool_;
  std::mutex mutex_;
  bool prepared_ = false;
  bool stopped_ = false;
  std::multimap<int64_t, std::shared_ptr<BotDriver>> drivers_;        // by game
  std::map<int64_t, int> matches_;                                    // by requesting user
  std::map<int64_t, int64_t> matchGames_;                             // game → requesting user
  std::set<std::pair<int64_t, std::size_t>> opponents_;               // (human, bot index) playing
  std::map<int64_t, std::pair<int64_t, std::size_t>> opponentGames_;  // game → its pair
};

}  // namespace tengen::site
