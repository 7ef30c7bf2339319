#pragma once

// The lobby's copy of every game and the "your move" board follow the rooms
// (room_subscriber.h): most of a game changes only the move number, which is updated in place;
// anything else copies the room's new summary.

#include "site/lobby/lobby.h"
#include "site/lobby/turn_board.h"
#include "site/rooms/room_subscriber.h"

namespace tengen::site {

class LobbyFeed final : public RoomSubscriber {
 public:
  explicit LobbyFeed(Lobby& lobby) : lobby_(lobby) {}
  void changed(const RoomChange& change) override;

 private:
  Lobby& lobby_;
};

class TurnFeed final : public RoomSubscriber {
 public:
  explicit TurnFeed(TurnBoard& turns) : turns_(turns) {}
  void changed(const RoomChange& change) override;

 private:
  TurnBoard& turns_;
};

// Whether a change leaves the game's summary as it was but for the move number.
bool onlyMoveNumberChanged(const RoomChange& change);

}  // namespace tengen::site
