#pragma once

// "Your move" (docs/protocol.md, "Lobby"): for each game in play, the user whose move it is,
// and for each logged-in lobby subscriber the games waiting for them, pushed as `your_move`
// the moment that list changes. Thread-safe: rooms report from their strands, sessions
// subscribe from theirs; one mutex, held only to copy.

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

#include <cstdint>
#include <map>
#include <mutex>

#include "site/site_messages.h"

namespace tengen::site {

class TurnBoard {
 public:
  // Game `gameId` now waits for `userId` (0: for nobody: open, in removal or over). `entry`
  // is what that user's list shows of it (see yourMoveEntry in game_room.cpp). Pushes to the
  // sessions of the user who had the move and of the one who has it now, if either changed.
  void update(int64_t gameId, int64_t userId, boost::json::object entry);

  // Session `sessionId` of user `userId` gets `your_move` pushes from now on; returns the
  // user's list as it stands (the `yourMove` field of the `lobby` reply).
  boost::json::array subscribe(uint64_t sessionId, int64_t userId, SendFunction send);
  void unsubscribe(uint64_t sessionId);

  // The games waiting for `userId`, soonest deadline first (games without a clock last).
  boost::json::array listFor(int64_t userId) const;

  // Sends `message` to every subscribed session of `userId` (every page of the site where the
  // user is): a notice that is not part of the list, such as a tournament game that started.
  void notify(int64_t userId, const boost::json::object& message) const;

 private:
  struct Turn {
    int64_t userId = 0;
    boost::json::object entry;
  };
  struct Subscriber {
    int64_t userId = 0;
    SendFunction send;
  };
  boost::json::array listLocked(int64_t userId) const;
  void pushLocked(int64_t userId, std::vector<SendFunction>& targets,
                  std::vector<std::shared_ptr<const std::string>>& messages) const;

  mutable std::mutex mutex_;
  std::map<int64_t, Turn> turns_;  // by game id
  std::map<uint64_t, Subscriber> subscribers_;
};

}  // namespace tengen::site
