#pragma once

// The other nodes follow the games this node runs (room_subscriber.h): each commit is
// announced on the game's channel with its events, for the following rooms to apply, and the
// lobby's entry of the game is mirrored to the other nodes' lobbies.

#include "site/cluster/cluster.h"
#include "site/rooms/room_subscriber.h"

namespace tengen::site {

class ClusterFeed final : public RoomSubscriber {
 public:
  explicit ClusterFeed(Cluster& cluster) : cluster_(cluster) {}
  void changed(const RoomChange& change) override;

 private:
  Cluster& cluster_;
};

}  // namespace tengen::site
