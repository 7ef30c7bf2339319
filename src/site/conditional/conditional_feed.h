#pragma once

// Plays conditional moves (conditional_tree.h) the moment the move they wait for is committed.
// A subscriber of the rooms (room_subscriber.h): after an opponent's move in a correspondence
// game this node runs, it reads the waiting player's plan from the store (on the blocking pool:
// correspondence moves are rare, and the store is the truth on every node), keeps the branch
// below the move, and submits the planned answer to the room as that player's move. A plan the
// move does not follow, or one made at another move number (an undo, a move made by hand), is
// dropped; a finished game drops both players' plans.

#include "site/rooms/room_subscriber.h"
#include "site/site_context.h"

namespace tengen::site {

class ConditionalFeed final : public RoomSubscriber {
 public:
  explicit ConditionalFeed(SiteContext& context) : context_(context) {}
  void changed(const RoomChange& change) override;

 private:
  SiteContext& context_;
};

// Whether conditional moves may be planned in `machine`'s game: a correspondence game in play.
bool takesConditionalMoves(const game::GameMachine& machine);

}  // namespace tengen::site
