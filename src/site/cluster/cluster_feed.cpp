#include "site/cluster/cluster_feed.h"

#include "site/lobby/lobby_feed.h"
#include "site/rooms/game_room.h"

namespace tengen::site {

void ClusterFeed::changed(const RoomChange& change) {
  if (!change.owning) return;
  if (change.committed) cluster_.announce(*change.committed);
  if (onlyMoveNumberChanged(change)) {
    cluster_.mirrorMoveNumber(change.gameId, change.machine.moveNumber());
  } else {
    cluster_.mirrorGame(change.gameId, change.machine.phase(), change.room.summary());
  }
}

}  // namespace tengen::site
