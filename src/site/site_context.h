#pragma once

// What the parts of the site share: the store, the site's own io_context (room strands and
// timers), the blocking pool for store calls, the lobby and the room directory. Owned by Site;
// every part holds a reference, so Site outlives them all.

#include <boost/asio/io_context.hpp>
#include <boost/asio/thread_pool.hpp>

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "bus/bus.h"
#include "site/site_limits.h"
#include "store/store.h"

namespace tengen::site {

class BotService;
class Cluster;
class RoomNetwork;
class RoomPresence;
class RoomSubscriber;
class Lobby;
class ModerationState;
class RoomDirectory;
class TurnBoard;

// Counts appends the store has not completed yet, so Site::stop() can wait for their callbacks
// (they post to room strands, which must still exist).
class PendingAppends {
 public:
  void begin() {
    std::lock_guard lock(mutex_);
    ++count_;
  }
  void end() {
    std::lock_guard lock(mutex_);
    if (--count_ == 0) idle_.notify_all();
  }
  // True when every append completed within `timeout`.
  bool waitIdle(std::chrono::milliseconds timeout) {
    std::unique_lock lock(mutex_);
    return idle_.wait_for(lock, timeout, [this] { return count_ == 0; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable idle_;
  int64_t count_ = 0;
};

struct SiteContext {
  store::Store& store;
  boost::asio::io_context& io;
  boost::asio::thread_pool& blocking;
  Lobby& lobby;
  RoomDirectory& rooms;
  PendingAppends& appends;
  // A fair coin (0 or 1) for nigiri; thread-safe.
  std::function<int()> coin;
  // The bots (bot_service.h); set by Site right after construction.
  BotService* bots = nullptr;
  SiteLimits limits{};
  // "Your move" lists (turn_board.h); set by Site right after construction.
  TurnBoard* turns = nullptr;
  // Blocks and mutes, checked at once by the messages and rooms (moderation_state.h); set by
  // Site right after construction.
  ModerationState* moderation = nullptr;
  // Who of each game's players is here (rooms/room_presence.h, site/presence/); set by Site
  // before any room starts.
  RoomPresence* presence = nullptr;
  // The other nodes on the same store (cluster.h); nullptr when this node is alone. `network`
  // is the same cluster as the rooms see it (room_network.h).
  Cluster* cluster = nullptr;
  RoomNetwork* network = nullptr;
  // The same nodes' bus (bus.h) and this node's name; nullptr and empty when this node is
  // alone. A part that must tell the other nodes something of its own (lobby chat, moderation,
  // reviews) publishes on a channel of its own, named after its folder, so the cluster need
  // not know it.
  bus::Bus* bus = nullptr;
  std::string node = {};
  // What follows every room's changes (room_subscriber.h), in the order they hear of them; set
  // by Site before any room starts.
  std::vector<RoomSubscriber*> roomSubscribers = {};
  // The last time the previous server on this store was known alive (store.h, lastAliveMs),
  // read by Site::resumeGames before any room starts; rooms restarting a running clock charge
  // it up to this time. nullopt: never recorded (the clock restarts without charging).
  std::optional<int64_t> previousAliveMs = std::nullopt;
  // The game's SGF `sgf` with its engine review as comments (site/analysis/review_sgf.h), for
  // GET /api/games/{id}/sgf?review=1; nullopt when the game has no review. Set by Site (the
  // rooms' routes cannot include the analysis folder, which includes them).
  std::function<Result<std::optional<std::string>>(int64_t gameId, std::string_view sgf)>
      reviewedSgf = nullptr;
};

inline int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

}  // namespace tengen::site
