#pragma once

// Presence and leaving as a follower of the rooms (docs/protocol.md "Leaving a game"): one
// GamePresence per room, fed by the room's changes (a RoomSubscriber: seating, the end, a
// takeover) and its audience (who watches, a demotion, the room's retirement), and asked by
// the room for the `presence` of a game_state and the facts of a claim (rooms/room_presence.h).
// With several nodes it beats every lease's third, as the cluster does: following rooms
// report their seats, owning ones forget the reports that stopped.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

#include "site/presence/game_presence.h"
#include "site/rooms/room_presence.h"
#include "site/rooms/room_subscriber.h"
#include "site/site_limits.h"

namespace tengen::site {

class PresenceFeed final : public RoomSubscriber, public RoomPresence {
 public:
  PresenceFeed(boost::asio::io_context& io, const SiteLimits& limits, PresenceNetwork network);
  ~PresenceFeed() override;  // stop()
  // Several nodes: starts the beat. Once.
  void start();
  // Stops the beat and every game's timers and channels.
  void stop();

  void changed(const RoomChange& change) override;
  void audienceChanged(const AudienceChange& change) override;
  boost::json::value presenceOf(int64_t gameId, int64_t nowMs) override;
  game::ClaimArgs claimFacts(int64_t gameId, int64_t claimerId, int64_t nowMs) override;

 private:
  // The game's presence for `room`, made (and started) when the room is new to it: a room that
  // replaced a retired one starts afresh.
  std::shared_ptr<GamePresence> of(int64_t gameId, const GameRoom& room);
  std::shared_ptr<GamePresence> find(int64_t gameId);
  void arm();

  boost::asio::io_context& io_;
  const SiteLimits& limits_;
  const PresenceNetwork network_;
  boost::asio::steady_timer beat_;
  std::atomic<bool> stopped_{false};

  std::mutex mutex_;
  std::unordered_map<int64_t, std::shared_ptr<GamePresence>> games_;
};

}  // namespace tengen::site
