#pragma once

// Who of a game's players is here, as a room needs to know it (docs/protocol.md "Leaving a
// game"). The presence tracker (site/presence/) implements it and Site sets
// SiteContext::presence; the rooms include only this header. A room tells it who starts and
// stops watching and when it stops running or holding the game; the game's own changes
// (seating, the end, a takeover) reach the tracker as a RoomSubscriber. Every call comes on
// the room's strand, so the calls of one room arrive in order.

#include <boost/json/value.hpp>

#include <cstdint>

#include "game/command.h"
#include "game/game_machine.h"

namespace tengen::site {

class GameRoom;

enum class AudienceEvent {
  Watched,    // a socket started watching the game (or watched it again)
  Unwatched,  // a socket stopped watching, or closed
  Demoted,    // another node holds the game's lease now: this room follows
  Dropped,    // the room retired: nothing more comes from it
};

struct AudienceChange {
  AudienceEvent event = AudienceEvent::Watched;
  int64_t gameId = 0;
  GameRoom& room;
  const game::GameMachine& machine;  // the game as the room holds it
  bool owning = true;                // this node runs the game
  uint64_t sessionId = 0;            // Watched, Unwatched
  int64_t userId = 0;                // Watched: whose socket (0: a guest)
};

class RoomPresence {
 public:
  virtual ~RoomPresence() = default;
  virtual void audienceChanged(const AudienceChange& change) = 0;
  // The `presence` object of a game_state.
  virtual boost::json::value presenceOf(int64_t gameId, int64_t nowMs) = 0;
  // What a claim_win or annul sent by `claimerId` is decided on: the game's claim grace and
  // how long the claimer's opponent has been gone.
  virtual game::ClaimArgs claimFacts(int64_t gameId, int64_t claimerId, int64_t nowMs) = 0;
};

}  // namespace tengen::site
