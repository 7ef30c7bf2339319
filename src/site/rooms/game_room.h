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
#include "site/cluster/tenure.h"
#include "site/rooms/room_loader.h"
#include "site/site_context.h"
#include "site/site_messages.h"

namespace tengen::site {

// How an accepted command is answered.
enum class ReplyKind {
  Ok,                 // {"type":"ok","version":N}
  Joined,             // {"type":"joined","game":summary}
  Cancelled,          // {"type":"table_cancelled","gameId":…}
  None,               // internal commands (the clock's timeout)
  ChallengeAccepted,  // {"type":"challenge_accepted","game":summary} (challenge_bot)
  BotMatchStarted,    // {"type":"bot_match_started","game":summary} (bot_match)
};

// Sees the game after every change, on the room's strand (bot drivers): it must only copy
// what it needs and return.
using RoomObserver = std::function<void(const game::GameMachine& machine)>;

struct RoomRequest {
  game::Actor actor;
  game::Command command;
  std::optional<int64_t> expectedVersion;
  SendFunction send;  // may be empty: nobody to answer
  boost::json::value id;
  ReplyKind reply = ReplyKind::Ok;
  // How many nodes passed it on to the game's owner (cluster.h): a request that keeps missing
  // the owner while leases move is refused instead of circling.
  int forwards = 0;
};

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
  // The cluster's beat (cluster.h): a following room reports which seated players watch from
  // this node; the owning room drops the reports that stopped coming.
  void presenceBeat();

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
  // Adds an observer, called at once with the current game and then after every committed
  // change or reload, until the room is dropped.
  void observe(RoomObserver observer);
  // A player's vacation began or ended somewhere (vacation_service.h): a correspondence game
  // seating them pauses or resumes its clocks.
  void vacationsChanged();

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
  void applyAndBroadcast(const game::Event& event, const store::GameEvent& logged);
  void reply(const RoomRequest& request);
  void replyError(const RoomRequest& request, const game::CommandError& error);
  // After a committed batch: the games row if the phase changed, and the lobby's copy of
  // the snapshot its last event took (only the move number when nothing else changed).
  void afterChange(game::Phase before, bool summaryChanged);
  void notifyObservers();
  void reload(int64_t fromVersion);
  void reloaded(int64_t fromVersion, Result<std::optional<LoadedRoom>> loaded);
  // Whether this node decides the game's commands: one node alone, or the lease's holder.
  bool owning() const { return !context_.cluster || lease_.has_value(); }
  void setLease(std::optional<store::GameLease> lease);
  // A following room: the owner announced `version` (cluster.h); reload up to it.
  void announced(int64_t version);
  // The reload after promote() landed: repairs the games row, restarts the clock and drives
  // the game's bots from this node.
  void tookOver();
  void attachBots();
  // The lobby's copy of this game, and the other nodes' through the cluster.
  void updateLobby(game::Phase phase, boost::json::object summary);
  void broadcastSince(int64_t fromVersion);
  // The game_event messages after `since` as `viewer` got them, from recent_; nullopt when
  // the room no longer holds them all.
  std::optional<boost::json::array> recentEventsSince(int64_t since, game::Viewer viewer) const;
  // Arms clock_ for the game clock's deadline (then "timeout") or, in the removal phase, the
  // confirmation's (then "confirm_expire").
  void armClock();
  void writeRow(game::Phase before, game::Phase after);
  // Refreshes what summary() and phase() answer other threads; returns the summary.
  boost::json::object takeSnapshot();
  // takeSnapshot after an event that changed at most the move number.
  void refreshMoveNumber();
  // takeSnapshot, and the lobby's copy.
  void publish();
  void reportTurn();
  void maybeDrop();
  // The game_event messages of versions fromVersion+1 .. version() as `viewer` saw them,
  // rebuilt by replaying the log.
  std::vector<boost::json::object> eventMessagesSince(int64_t fromVersion,
                                                      game::Viewer viewer) const;
  // A command of the room's own clock (timeout, clock_restart, confirm_expire), answered to
  // nobody.
  static RoomRequest clockRequest(game::CommandKind kind);

  // Presence (game_room_presence.cpp, docs/protocol.md "Leaving a game"): whether each seated
  // human has a socket watching the room. Bots are always present.
  struct SeatPresence {
    std::optional<int64_t> leftMs;  // when the last socket left; nullopt while one is open
    bool shownAbsent = false;       // watchers were told, once the debounce passed
    int64_t connectedSinceMs = 0;   // when the player was last seen arriving
  };
  // Recounts the seats' sockets after a watch, an unwatch, the start or the seating: a seat
  // that lost its last socket is shown absent after the debounce, one that returns at once.
  void updatePresence();
  void presenceSettled(int seat, int64_t leftMs);
  boost::json::object presenceJson(int64_t now) const;
  void broadcastPresence();
  // This game's claim grace (leaving_grace.h), nullopt when its clock handles absence.
  std::optional<int64_t> claimGrace() const;
  // claim_win and annul: fills in what the room knows of the claimer's opponent (ClaimArgs).
  void withPresence(RoomRequest& request, int64_t now) const;
  // Several nodes (cluster.h): a message of the game's channel about presence. The owner
  // takes the other nodes' seat reports; a following room keeps and relays the owner's
  // presence, which it shows instead of its own.
  void presenceMessage(boost::json::object message);
  // A following room: which seats have a socket here, to the owner.
  void reportSeats();
  // Whether another node reported the seat's player watching, recently enough.
  bool seatedElsewhere(int seat, int64_t now) const;
  // Arms idle_ for an untimed game's inactivity limit (then "inactivity_end").
  void armInactivity();
  // Queues a "vacation" command for each seated player of a correspondence game whose vacation
  // (VacationService::away) differs from the game's (game_room_vacation.cpp); true if it queued
  // one. A command refused at this version is not retried until the game changes.
  bool queueVacationChanges();

  SiteContext& context_;
  const int64_t gameId_;
  boost::asio::strand<boost::asio::io_context::executor_type> strand_;
  // Row writes (seats, status, result) run on the blocking pool one after another.
  boost::asio::strand<boost::asio::thread_pool::executor_type> rowWrites_;
  boost::asio::steady_timer clock_;
  bool restartClock_;

  // Strand-only state.
  store::GameSettings initialSettings_;
  game::Player owner_;
  std::vector<store::GameEvent> log_;
  std::deque<RecentEvent> recent_;
  game::GameMachine machine_;
  std::map<uint64_t, Watcher> watchers_;
  std::vector<RoomObserver> observers_;
  std::deque<RoomRequest> queue_;
  std::vector<DeferredWatch> deferredWatches_;
  bool busy_ = false;
  bool dropped_ = false;
  std::optional<int64_t> armedDeadline_;
  std::optional<int64_t> refusedDeadline_;
  SeatPresence presence_[2];  // by go::colorIndex
  boost::asio::steady_timer presenceTimers_[2];
  boost::asio::steady_timer idle_;
  std::optional<int64_t> armedIdleDeadline_;
  std::optional<int64_t> vacationTriedAt_[2];  // the version each seat's last vacation command met
  // Several nodes (cluster.h): the lease while this node runs the game; the announcements
  // of the owner while it follows; the newest version announced, a takeover to finish.
  std::optional<store::GameLease> lease_;
  std::unique_ptr<bus::Subscription> announcements_;
  int64_t announcedVersion_ = 0;
  int64_t announcedAtReload_ = 0;  // announcedVersion_ when the latest reload began
  std::optional<Tenure> takingOver_;
  std::optional<int64_t> restartAliveUntil_;  // a lease taken over at load (setTenure)
  struct RemoteSeats {
    bool seated[2] = {false, false};  // by go::colorIndex
    int64_t atMs = 0;
  };
  std::map<std::string, RemoteSeats> remoteSeats_;    // owner: by node
  std::optional<boost::json::object> ownerPresence_;  // follower: the owner's last

  mutable std::mutex snapshotMutex_;
  boost::json::object summary_;
  game::Phase phase_ = game::Phase::Open;
  std::optional<store::GameLease> leaseSnapshot_;
};

}  // namespace tengen::site
