#pragma once

// One live game: its GameMachine, the sockets watching it and the clock timer, all on one
// strand of the site's io_context (docs/protocol.md, "Game rooms").
//
// Commands run one at a time. A command the machine accepts becomes events that are appended to
// the store; later commands wait in a queue until the store has answered. Only once the events
// are durable are they applied, broadcast to every watcher and answered; then the lobby and the
// games row (seats, status, result) follow. A failed or conflicting append is refused with
// store_failed and the room reloads itself from the store, which is the truth.
//
// Every public method is thread-safe: it posts to the strand and returns.

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <deque>
#include <expected>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <vector>

#include "bus/bus.h"
#include "game/game_machine.h"
#include "site/rooms/committed.h"
#include "site/rooms/room_loader.h"
#include "site/rooms/room_presence.h"
#include "site/rooms/room_request.h"
#include "site/rooms/room_subscriber.h"
#include "site/rooms/tenure.h"
#include "site/site_context.h"
#include "site/site_messages.h"

namespace tengen::site {

// Sees the game once, on the room's strand: it must only copy what it needs and return.
using RoomInspector = std::function<void(const game::GameMachine& machine)>;

class GameRoom : public std::enable_shared_from_this<GameRoom> {
 public:
  // How many recent events a room keeps serialised: enough for a reconnect after a network
  // blip, few enough that 10,000 live 19x19 rooms hold about 120 MB of them (a message is
  // about 1.5 KB). A watch from further back gets the current state alone, which is
  // complete: replaying a long log per request would let a client make the server build
  // megabytes for every watch it sends.
  static constexpr size_t kRecentEvents = 8;

  // `restartClock`: the game was running when the server stopped; its running clock restarts
  // when the room starts, with a clock_restart event (the downtime is nobody's).
  GameRoom(SiteContext& context, int64_t gameId, LoadedRoom loaded, bool restartClock);
  ~GameRoom();

  int64_t gameId() const { return gameId_; }

  // Several nodes (cluster.h): whether this node runs the game, set once before start(). A
  // room without the lease follows: it serves watchers and forwards commands to the owner.
  void setTenure(Tenure tenure);
  // This node took the game's lease: the room reloads from the store and runs the game,
  // restarting a running clock with the downtime forgiven (Tenure::aliveUntilMs).
  void promote(Tenure tenure);
  // Another node holds the lease now: the room stops its clocks and follows.
  void demote();
  // The lease the room runs the game under; nullopt while it follows (or with one node).
  std::optional<store::GameLease> lease() const;
  // The bus lost announcements (it reconnected): a following room reads from the store the
  // events after its version and applies them.
  void resync();

  // Once, after the directory adopted the room: publishes it to the lobby, arms the clock and
  // repairs a games row that lags behind the log (a crash between append and row update).
  void start();
  void submit(RoomRequest request);
  // Replies `game_state` (plus `events` after `sinceVersion`, when they are among the last
  // kRecentEvents) and pushes every later event.
  // `alive` expires with the session: watchers whose session is gone are dropped.
  void watch(uint64_t sessionId, int64_t userId, std::weak_ptr<void> alive, SendFunction send,
             boost::json::value id, std::optional<int64_t> sinceVersion);
  void unwatch(uint64_t sessionId);
  // Calls `inspect` once with the game as it stands (the changes after it reach the room's
  // subscribers, room_subscriber.h).
  void inspect(RoomInspector inspect);

  // Sends `message` to every socket watching the game on this node (the presence pushes,
  // presence/game_presence.h).
  void broadcast(std::shared_ptr<const std::string> message);

  // The latest summary (docs/protocol.md "A game summary"); any thread.
  boost::json::object summary() const;
  game::Phase phase() const;

 private:
  struct Watcher {
    SendFunction send;
    int64_t userId = 0;
    game::Viewer viewer = game::Viewer::Spectator;
    std::weak_ptr<void> alive;
  };
  struct Batch;
  // A game_event as each kind of viewer gets it, kept for watchers who reconnect a few events
  // behind.
  struct RecentEvent {
    int64_t version = 0;
    std::shared_ptr<const std::string> byViewer[3];
  };

  // A watch from a client that has seen a newer version than this following room: the owner
  // acknowledged events whose announcement has not reached here (or never will: it died in
  // between). Answered once a reload begun after its arrival has read the store, which holds
  // every acknowledged event, so that nobody is shown a game older than what they were told.
  struct DeferredWatch {
    uint64_t sessionId = 0;
    int64_t userId = 0;
    std::weak_ptr<void> alive;
    SendFunction send;
    boost::json::value id;
    int64_t since = 0;
    bool reloadBegun = false;  // a reload started after the watch arrived
  };
  // More watches than this waiting at once are answered with what the room has.
  static constexpr size_t kMaxDeferredWatches = 256;

  void watchOnStrand(uint64_t sessionId, int64_t userId, std::weak_ptr<void> alive,
                     SendFunction send, boost::json::value id, std::optional<int64_t> since);
  void answerWatch(uint64_t sessionId, int64_t userId, std::weak_ptr<void> alive, SendFunction send,
                   boost::json::value id, std::optional<int64_t> since);
  // After a reload: answers the deferred watches it caught up with (every one when `all`:
  // the store failed, or the room runs the game now). Returns true when it started another
  // reload for those that came during this one and are still ahead.
  bool answerDeferredWatches(bool all);
  void pump();
  // decide() on the blocking pool, then act() on the strand; the room is busy meanwhile.
  void decideElsewhere(RoomRequest request, int64_t now);
  // Commits what decide() returned, or replies its refusal.
  void act(RoomRequest request, std::expected<std::vector<game::Event>, game::CommandError> decided,
           int64_t now);
  void commit(RoomRequest request, std::vector<game::Event> events, int64_t now);
  void committed(const std::shared_ptr<Batch>& batch);
  // `event` as the machine decided it and `logged` as the store wrote it (seq and time).
  // False, with the room unchanged, if the machine refuses it (a log it cannot follow).
  // `exceptSession`: a watcher who hears this event as its command's reply instead (0: none).
  bool applyAndBroadcast(const game::Event& event, const store::GameEvent& logged,
                         uint64_t exceptSession = 0);
  // Answers an accepted command from the game as it now stands.
  void reply(const RoomRequest& request);
  // Whether `request`'s sender is a socket here that watches the game: then its command's last
  // game_event, with the command's id, is the reply (docs/protocol.md "Commands").
  bool answersWithEvent(const RoomRequest& request) const;
  // Sends that reply: the latest event as the sender's watcher sees it, with the id first.
  // False when the sender stopped watching meanwhile.
  bool replyWithEvent(const RoomRequest& request);
  // The version of the move `request` (a move sent against an older version) made when it was
  // first sent, if it was: then it is answered as accepted again, not refused as stale.
  std::optional<int64_t> playedAlready(const RoomRequest& request) const;
  // A change as the subscribers (room_subscriber.h) hear of it, and telling them.
  RoomChange change(RoomEvent event, game::Phase before, bool summaryChanged);
  void notify(const RoomChange& change);
  // Rebuilds the room from the whole log: only when events from the store do not apply to
  // what the room holds (catchUp is the usual way to get newer).
  void reload(int64_t fromVersion);
  void reloaded(int64_t fromVersion, Result<std::optional<LoadedRoom>> loaded);

  // Following (game_room_following.cpp). A follower applies what the owner announces, event
  // by event, at a cost that does not grow with the game; a gap in the versions, a bus that
  // reconnected, a watch ahead of the room or a takeover make it read the events after its
  // version from the store (catchUp). Busy meanwhile, like a command.
  enum class Applied { All, Gap, Refused };
  // Applies `rows` whose seq follows version(), broadcasting each, then tells the subscribers
  // and observers (followed); rows at or below version() are skipped. Stops at the first gap
  // or at a row the machine refuses.
  Applied applyLogged(const std::vector<store::GameEvent>& rows);
  void catchUp();
  void caughtUp(int64_t fromVersion, Result<std::vector<store::GameEvent>> rows);
  // After a follower applied events: the subscribers and the observers hear of them.
  void followed(game::Phase before, bool summaryChanged);
  // Once a catch-up or reload has landed: a takeover to finish, more to read, deferred
  // watches to answer; then the queue. Returns the room to idle unless it started more work.
  void settle(int64_t fromVersion);
  // Whether this node decides the game's commands: one node alone, or the lease's holder.
  bool owning() const { return !context_.network || lease_.has_value(); }
  void setLease(std::optional<store::GameLease> lease);
  // A following room: the owner committed events (cluster.h).
  void announced(Committed committed);
  // The catch-up after promote() landed: the subscribers hear of it (bots, games row) and the
  // running clock restarts.
  void tookOver();
  void broadcastSince(int64_t fromVersion);
  // The game_event messages after `since` as `viewer` got them, from recent_; nullopt when
  // the room no longer holds them all.
  std::optional<boost::json::array> recentEventsSince(int64_t since, game::Viewer viewer) const;
  // Arms clock_ for the game clock's deadline (then "timeout") or, in the removal phase, the
  // confirmation's (then "confirm_expire").
  void armClock();
  // Refreshes what summary() and phase() answer other threads; returns the summary.
  boost::json::object takeSnapshot();
  // takeSnapshot after an event that changed at most the move number.
  void refreshMoveNumber();
  void maybeDrop();
  // The game_event messages of versions fromVersion+1 .. version() as `viewer` saw them,
  // rebuilt by replaying the log.
  std::vector<boost::json::object> eventMessagesSince(int64_t fromVersion,
                                                      game::Viewer viewer) const;
  // A command of the room's own clock (timeout, clock_restart, confirm_expire), answered to
  // nobody.
  static RoomRequest clockRequest(game::CommandKind kind);

  // Absence and inactivity (game_room_absence.cpp, docs/protocol.md "Leaving a game"):
  // claim_win and annul get what the presence tracker (room_presence.h) knows of the
  // claimer's opponent (ClaimArgs), inactivity_end the site's limit.
  void withPresence(RoomRequest& request, int64_t now) const;
  // Tells the presence tracker who watches, and when the room follows or retires.
  void tellAudience(AudienceEvent event, uint64_t sessionId = 0, int64_t userId = 0);
  // Arms idle_ for an untimed game's inactivity limit (then "inactivity_end").
  void armInactivity();

  SiteContext& context_;
  const int64_t gameId_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  boost::asio::steady_timer clock_;
  bool restartClock_;

  // Strand-only state.
  store::GameSettings initialSettings_;
  game::Player owner_;
  std::vector<store::GameEvent> log_;
  std::deque<RecentEvent> recent_;
  game::GameMachine machine_;
  std::map<uint64_t, Watcher> watchers_;
  std::deque<RoomRequest> queue_;
  std::vector<DeferredWatch> deferredWatches_;
  bool busy_ = false;
  bool dropped_ = false;
  std::optional<int64_t> armedDeadline_;
  std::optional<int64_t> refusedDeadline_;
  boost::asio::steady_timer idle_;
  std::optional<int64_t> armedIdleDeadline_;
  // Several nodes (cluster.h): the lease while this node runs the game; the announcements
  // of the owner while it follows; the newest version announced, a takeover to finish.
  std::optional<store::GameLease> lease_;
  std::unique_ptr<bus::Subscription> announcements_;
  int64_t announcedVersion_ = 0;
  int64_t announcedAtReload_ = 0;  // announcedVersion_ when the latest catch-up began
  bool resyncOwed_ = false;        // resync() came while the room was busy
  std::optional<Tenure> takingOver_;
  std::optional<int64_t> restartAliveUntil_;  // a lease taken over at load (setTenure)

  mutable std::mutex snapshotMutex_;
  boost::json::object summary_;
  game::Phase phase_ = game::Phase::Open;
  std::optional<store::GameLease> leaseSnapshot_;
};

}  // namespace tengen::site
