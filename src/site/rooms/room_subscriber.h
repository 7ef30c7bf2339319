#pragma once

// The parts of the site that follow every room without the room knowing them: the lobby and
// the "your move" board (lobby/), the games row and the ratings at the end (records/), the
// other nodes (cluster/) and the bots (bots/). Site registers them in SiteContext; a room
// tells each of its changes, on its strand, in order, before the command's sender hears its
// reply. A subscriber must only copy what it needs and return: real work goes elsewhere.

#include <cstdint>
#include <string_view>

#include "game/game_machine.h"
#include "site/rooms/committed.h"

namespace tengen::site {

class GameRoom;

enum class RoomEvent {
  Loaded,     // the room started, with a new table or a game from the store
  Committed,  // this node decided and appended events: it runs the game
  Followed,   // events another node committed, applied here
  Reloaded,   // rebuilt from the whole log
  TookOver,   // this node took the game over from another and has read its log
};

struct RoomChange {
  RoomEvent event = RoomEvent::Loaded;
  int64_t gameId = 0;
  GameRoom& room;
  const game::GameMachine& machine;        // the game as it stands after the change
  game::Phase before = game::Phase::Open;  // the phase before the change
  // More than the move number changed (always, but for Committed and Followed).
  bool summaryChanged = true;
  bool owning = true;  // this node runs the game (one node alone, or the lease's holder)
  // Loaded: a game in play resumed from the store (its clock restarts).
  bool resumed = false;
  // Loaded, TookOver: the games row's status as the store last had it: it lags behind the log
  // after a crash between the two writes.
  game::GameStatus storedStatus = game::GameStatus::Open;
  const Committed* committed = nullptr;  // Committed: what was appended
};

class RoomSubscriber {
 public:
  virtual ~RoomSubscriber() = default;
  virtual void changed(const RoomChange& change) = 0;
};

}  // namespace tengen::site
