#pragma once

// The Go site on top of the transport: game rooms, the lobby and the REST game routes
// (docs/protocol.md). Owns its own io_context (room strands and clock timers) run by
// `threads` threads, and a pool of `blockingThreads` for store calls.
//
//   Site site(store);
//   site.install(server);          // before server.start()
//   site.resumeGames();            // rebuild the games in play (and open tables)
//   server.start(); ... server.stop();
//   site.stop();                   // after server.stop()

#include <chrono>
#include <cstdint>
#include <memory>
#include <vector>

#include "base/result.h"
#include "server/server.h"
#include "site/automatch/automatch_options.h"
#include "site/bots/bot_roster.h"
#include "site/cluster/cluster_options.h"
#include "site/site_limits.h"
#include "store/store.h"

namespace boost::asio {
class io_context;
}

namespace tengen::site {

struct SiteContext;

struct SiteOptions {
  int threads = 2;
  int blockingThreads = 2;
  std::chrono::milliseconds lobbyInterval{500};
  std::uint64_t seed = 0;     // nigiri draws; 0: random
  std::vector<BotSpec> bots;  // tengen serve --bot / --builtin-bots (docs/protocol.md, "Bots")
  int botThreads = 1;         // threads for the built-in bot's searches
  // Engine reviews' playouts per position (tengen serve --review-playouts; 0: the default,
  // site/analysis/position_review.h kReviewPlayouts). Tests make quick reviews with a few.
  int reviewPlayouts = 0;
  SiteLimits limits;
  AutomatchOptions automatch;  // waves and challenge expiry (docs/protocol.md, "Automatch")
  // How often a running server records that it is alive (store.h, recordAlive): a restart
  // charges running clocks up to the last record, so a crash forgives at most this much.
  // Vacations whose bank ran out end on the same beat (vacation_service.h).
  std::chrono::milliseconds aliveInterval{10'000};
  // Several nodes on one store and bus (docs/scaling.md); the default is one node alone.
  ClusterOptions cluster;
};

class Site {
 public:
  Site(store::Store& store, SiteOptions options = {});
  ~Site();  // stop()
  Site(const Site&) = delete;
  Site& operator=(const Site&) = delete;

  // Registers the REST game routes, the lobby and game messages and the session hooks.
  void install(server::Server& server);
  // Rebuilds a room for every game with status "playing" or "open" from the store; returns
  // how many. Running clocks restart now, charged up to the previous server's last sign of
  // life (the downtime is nobody's); from then on this server records its own every
  // aliveInterval and once more in stop().
  Result<int> resumeGames();
  // Creates the bots' user accounts (or finds them); fails when a human holds a bot's name.
  // resumeGames() calls it first if it has not run. Blocking; idempotent.
  Result<void> prepareBots();
  // The server takes no more commands from now on (call it before server.stop()): the
  // liveness stop() records is this moment, so the players are not charged for the sockets'
  // closing handshakes.
  void stopping();
  // Waits for appends in flight, stops the timers and joins the threads. Idempotent; call it
  // after server.stop().
  void stop();

  // What the site's parts share: the store, the io_context of the rooms, the blocking pool and
  // the bots (site_context.h). For tests that reach the site's threads.
  SiteContext& context();
  // The rooms' io_context, run by the site's threads until stop(): a server may run its
  // sessions on it too (ServerOptions::sharedContext).
  boost::asio::io_context& io();

 private:
  class Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace tengen::site
