#pragma once

// Several tengen nodes on one store and one bus (docs/scaling.md, "Ownership"). Each live game
// is run by the node that holds its lease: that node's room decides, appends fenced with the
// lease's token, runs the clocks and announces each new version on the game's channel. A room
// of the same game on another node follows: it serves that node's watchers, applies the events
// the owner announces (reading from the store only what it missed), and forwards its commands
// to the owner over the bus; the owner's answer comes back the same way.
//
// Every node beats every leaseTtl / 3, on a thread of its own: it renews its leases in one
// statement (a room whose lease another node took stops running its game), and takes over the
// live games whose owner stopped renewing, replaying them from the store, at the moment their
// lease runs out. The lobby's entries of the games a node owns are mirrored to the others.

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/json/object.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "bus/bus.h"
#include "game/game_machine.h"
#include "site/cluster/cluster_options.h"
#include "site/rooms/committed.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_network.h"
#include "site/rooms/tenure.h"
#include "site/site_context.h"
#include "site/site_messages.h"

namespace tengen::site {

class Cluster final : public RoomNetwork {
 public:
  Cluster(SiteContext& context, ClusterOptions options);
  ~Cluster();  // stop()
  Cluster(const Cluster&) = delete;
  Cluster& operator=(const Cluster&) = delete;

  const std::string& node() const override { return options_.node; }
  // Subscribes to this node's channel and the lobby's, and starts the beat.
  void start();
  void stop();

  // Takes (or renews) the game's lease for this node; blocking. No lease when another node's
  // is live; an error leaves the room following until a beat takes it.
  Tenure claim(int64_t gameId) override;
  // Sends `request` to whichever node owns the game and answers request.send with its reply.
  // Called by a following room; if the owner's lease ran out, this node takes the game over
  // and the request runs here.
  void forward(int64_t gameId, RoomRequest request) override;
  // The owning room: these events are durable; the following rooms apply them.
  void announce(const Committed& committed);
  // A room's ear on its game's channel: the owner's announcements.
  std::unique_ptr<bus::Subscription> follow(
      int64_t gameId, std::function<void(Committed committed)> announced) override;
  std::chrono::milliseconds leaseTtl() const override { return options_.leaseTtl; }
  // The owning room's lobby entry changed (lobby.h updateGame, updateMoveNumber): the other
  // nodes' lobbies take the same change.
  void mirrorGame(int64_t gameId, game::Phase phase, const boost::json::object& summary);
  void mirrorMoveNumber(int64_t gameId, int64_t moveNumber);

 private:
  using Clock = std::chrono::steady_clock;
  // A forwarded command awaiting its answer. Kept whole: when the owner does not answer in
  // time, a command that cannot take effect twice is sent again to whoever runs the game
  // once the silent owner's lease has gone (it may have died with the command).
  struct Pending {
    int64_t gameId = 0;
    std::string owner;  // the node it was sent to
    RoomRequest request;
    Clock::time_point firstSentAt;  // by this node, to any owner
    Clock::time_point sentAt;       // to `owner`
  };

  void forwardTo(const std::string& owner, int64_t gameId, RoomRequest request,
                 Clock::time_point firstSentAt);
  // forward(), on the blocking pool; `firstSentAt` when the command was first sent.
  void resend(int64_t gameId, RoomRequest request, Clock::time_point firstSentAt);
  // A late answer: wait on while the silent owner still holds the lease, else send again.
  void retryLate(uint64_t ticket, Pending pending);
  // A command unanswered for a beat: sent again at once if its owner no longer holds the
  // game's lease (died, or lost it), else kept waiting.
  void resendIfOwnerGone(uint64_t ticket, Pending pending);
  // After the bus lost messages: sends again the forwarded commands awaiting an answer from
  // `owner` (from any node when empty) that cannot take effect twice; blocking.
  void resendPending(const std::string& owner);
  void received(std::string_view message);
  void runForwarded(const boost::json::object& message);
  void answered(const boost::json::object& message);
  void lobbyReceived(std::string_view message);
  void arm();
  void beat();
  // Takes over, at `atMs`, the games whose leases will have run out by then.
  void armExpiry(int64_t atMs);
  void expireForwards();
  void takeOver(const store::GameLease& expired, int64_t now);

  SiteContext& context_;
  const ClusterOptions options_;
  std::unique_ptr<bus::Subscription> inbox_;
  std::unique_ptr<bus::Subscription> lobby_;
  boost::asio::steady_timer beat_;
  boost::asio::steady_timer expiry_;  // the next lease of another node to run out (armExpiry)
  // The beat's own thread. On the blocking pool the beat waited behind the store calls there:
  // a node creating games by the hundred had every pool thread waiting for its lease writes,
  // its renewal came seconds late, and the other node took its games over mid-play.
  boost::asio::thread_pool renewer_;
  std::atomic<bool> stopped_{false};

  std::mutex mutex_;
  uint64_t nextTicket_ = 1;
  std::map<uint64_t, Pending> pending_;  // forwarded commands awaiting their answer
};

}  // namespace tengen::site
