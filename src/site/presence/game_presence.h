#pragma once

// One game's presence (docs/protocol.md "Leaving a game"): which seated player has a socket
// watching the game, on this node or, with several nodes, on another; the debounced
// `presence` pushes; the facts a claim is decided on.
//
// With several nodes the rooms of a game exchange what they know on the game's presence
// channel: a following node reports which seats watch from it (at every change and every
// beat), the owner counts those reports as present while they are fresh (three beats, a
// lease's time) and publishes the presence it decides, which the following nodes show their
// watchers instead of their own.
//
// Thread-safe: the room's calls come on its strand, timers and the channel's messages (on a
// strand of their own) on other threads; one mutex guards the state, and what the state
// decides to say (to watchers, to the bus) is said after it is released, because a bus may
// deliver a message on the publisher's own thread.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <chrono>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>

#include "bus/bus.h"
#include "game/command.h"
#include "game/game_machine.h"
#include "site/site_limits.h"

namespace tengen::site {

class GameRoom;

// How a game's presence reaches the other nodes; bus nullptr: one node alone.
struct PresenceNetwork {
  bus::Bus* bus = nullptr;
  std::string node;
  // How long another node's report stays good without a new one.
  std::chrono::milliseconds freshFor{3000};
};

// The channel the rooms of one game exchange presence on.
std::string presenceChannel(int64_t gameId);

class GamePresence : public std::enable_shared_from_this<GamePresence> {
 public:
  GamePresence(boost::asio::io_context& io, const SiteLimits& limits, PresenceNetwork network,
               int64_t gameId, const GameRoom* room);
  // Listens on the game's presence channel (several nodes); once, after construction.
  void start();
  // Cancels the timers and leaves the channel; nothing is said after it returns.
  void stop();

  // Which room this is the presence of: a room that retires may be followed by another for
  // the same game.
  const GameRoom* room() const { return room_; }

  // The game as its room now holds it: the seats, whether it runs, and whether this node runs
  // it. `room` receives the pushes.
  void gameChanged(std::weak_ptr<GameRoom> room, const game::GameMachine& machine, bool owning);
  void watched(uint64_t sessionId, int64_t userId);
  void unwatched(uint64_t sessionId);
  // Another node runs the game now: its reports go there, and its presence is shown here.
  void demoted();
  // Several nodes, every beat: a following room reports its seats again, an owning one
  // forgets the reports that stopped coming.
  void beat();

  boost::json::value toJson(int64_t nowMs);
  game::ClaimArgs claimFacts(int64_t claimerId, int64_t nowMs);

 private:
  struct Seat {
    int64_t userId = 0;  // 0: empty, or a bot, which never leaves
    std::optional<int64_t> leftMs;  // when the last socket left; nullopt while one is open
    bool shownAbsent = false;       // watchers were told, once the debounce passed
    int64_t connectedSinceMs = 0;   // when the player was last seen arriving
    bool taken = false;             // someone sits here (a bot included)
  };
  struct RemoteSeats {
    bool seated[2] = {false, false};  // by go::colorIndex
    int64_t atMs = 0;
  };
  // What a change decided to say, said once the mutex is released.
  struct Said {
    std::optional<boost::json::object> toBus;
    std::optional<boost::json::object> toWatchers;  // the presence this node's watchers get
  };

  // Recounts the seats: a seat that lost its last socket is shown absent after the debounce,
  // one that returns is shown at once. A following room reports its seats instead.
  void recount(Said& said, int64_t now);
  void settled(int seat, int64_t leftMs);
  bool here(int seat, int64_t now) const;
  boost::json::object decided(int64_t now) const;
  void broadcast(Said& said, int64_t now);
  void reportSeats(Said& said) const;
  void received(std::string_view message);
  void say(Said said);

  boost::asio::io_context& io_;
  const SiteLimits& limits_;
  const PresenceNetwork network_;
  const int64_t gameId_;
  const GameRoom* const room_;

  std::mutex mutex_;
  std::weak_ptr<GameRoom> target_;
  bool running_ = false;
  bool owning_ = true;
  bool stopped_ = false;
  std::optional<int64_t> claimGrace_;
  Seat seats_[2];  // by go::colorIndex
  std::map<uint64_t, int64_t> sockets_;  // this node's watchers: session → user
  std::map<std::string, RemoteSeats> remoteSeats_;  // owner: by node
  std::optional<boost::json::object> ownerPresence_;  // follower: the owner's last
  boost::asio::strand<boost::asio::io_context::executor_type> received_;  // the channel's messages
  boost::asio::steady_timer timers_[2];
  std::unique_ptr<bus::Subscription> channel_;
};

}  // namespace tengen::site
