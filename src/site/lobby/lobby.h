#pragma once

// The lobby (docs/protocol.md, "Lobby"): open tables, games in play and players online, pushed
// to subscribers at most once per interval when something changed. Thread-safe: rooms update it
// from their strands, sessions subscribe from theirs; one mutex guards it, held only to copy.

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/json/object.hpp>

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "game/game_machine.h"
#include "site/site_messages.h"

namespace tengen::site {

inline constexpr std::size_t kLobbyMaxEntries = 200;

class Lobby {
 public:
  Lobby(boost::asio::io_context& io, std::chrono::milliseconds interval);

  // Starts the push timer on `io`; stop() ends it (call before the io_context stops).
  void start();
  void stop();

  // A game's entry from its summary: phase open → tables; handicap, play, removal → games;
  // finished or cancelled → removed from both.
  void updateGame(int64_t gameId, game::Phase phase, boost::json::object summary);
  // A game in play moved: only its move number changed. The entry is updated in place,
  // without the copy of the whole summary that updateGame takes, which every move paid.
  void updateMoveNumber(int64_t gameId, int64_t moveNumber);
  // Counted per socket: a user with two tabs stays online until both close.
  void playerOnline(int64_t userId, const std::string& name);
  void playerOffline(int64_t userId);
  // The open tables whose owner has had no socket for at least limitMs(table summary) as of
  // nowMs; an owner not seen since the lobby was made counts from then (a restarted server's
  // tables). limitMs is called under the lobby's lock: it must not call back into the lobby.
  // Forgets when users without an open table left: only a table's owner is ever asked about,
  // and a new table needs its owner online.
  struct AbandonedTable {
    int64_t gameId = 0;
    int64_t ownerId = 0;
    std::string ownerName;
  };
  std::vector<AbandonedTable> abandonedTables(
      int64_t nowMs, const std::function<int64_t(const boost::json::object&)>& limitMs);
  // The owner of the open table `gameId`; nullopt when no such table is open.
  std::optional<int64_t> tableOwner(int64_t gameId) const;
  // The open tables `ownerId` owns (a banned player's, to cancel them).
  std::vector<int64_t> tablesOwnedBy(int64_t ownerId) const;
  // The lobby's "bots" array comes from `bots` (called under the lobby's lock: it must not
  // call back into the lobby). Set once, before start().
  void setBots(std::function<boost::json::array()> bots);
  // Something the lobby shows changed outside its own state (a bot's game count).
  void markDirty();

  // Open tables per owner (SiteOptions::maxOpenTablesPerUser): takes a place for one more
  // table of `ownerId` unless the open tables they own, plus those being created, already
  // number `limit`. The place turns into the table when its room first publishes it
  // (updateGame), under the same lock, so two quick create_tables cannot both slip under the
  // limit; releaseTable gives it back when the table could not be created.
  bool reserveTable(int64_t ownerId, int limit);
  void releaseTable(int64_t ownerId);

  // The current `lobby` message (without id); subscribing adds the session to the pushes.
  boost::json::object subscribe(uint64_t sessionId, SendFunction send);
  void unsubscribe(uint64_t sessionId);
  boost::json::object snapshot() const;

 private:
  struct OnlinePlayer {
    std::string name;
    int sockets = 0;
    uint64_t since = 0;  // order of arrival: newest first
  };
  boost::json::object snapshotLocked() const;
  void arm();
  void push();

  boost::asio::steady_timer timer_;
  std::chrono::milliseconds interval_;
  std::atomic<bool> running_{false};

  mutable std::mutex mutex_;
  std::map<int64_t, boost::json::object> tables_;  // by game id: newest = highest
  std::map<int64_t, boost::json::object> games_;
  std::map<int64_t, OnlinePlayer> players_;
  std::map<int64_t, int64_t> offlineSinceMs_;  // users whose last socket closed, and when
  int64_t createdMs_ = 0;
  std::map<int64_t, int> tablesBeingCreated_;  // by owner
  uint64_t arrivals_ = 0;
  std::map<uint64_t, SendFunction> subscribers_;
  std::function<boost::json::array()> bots_;
  bool dirty_ = false;
};

}  // namespace tengen::site
