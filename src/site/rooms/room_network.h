#pragma once

// The other nodes as a room sees them, when several share one store and one bus
// (docs/scaling.md): the cluster (cluster.h) implements it. A room that does not run its game
// follows the owner's announcements and forwards its commands. (Who of a game's players
// watches from which node the presence tracker tells the other nodes itself: room_presence.h.)

#include <boost/json/object.hpp>

#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>

#include "bus/bus.h"
#include "site/rooms/committed.h"
#include "site/rooms/room_request.h"
#include "site/rooms/tenure.h"

namespace tengen::site {

class RoomNetwork {
 public:
  virtual ~RoomNetwork() = default;
  // This node's name, unique among the nodes.
  virtual const std::string& node() const = 0;
  // Takes (or renews) the game's lease for this node; blocking. No lease when another node's
  // is live; an error leaves the room following until a beat takes it.
  virtual Tenure claim(int64_t gameId) = 0;
  // Sends `request` to whichever node runs the game; its answer reaches the request's sender.
  virtual void forward(int64_t gameId, RoomRequest request) = 0;
  // A room's ear on its game's channel: the owner's announcements.
  virtual std::unique_ptr<bus::Subscription> follow(
      int64_t gameId, std::function<void(Committed committed)> announced) = 0;
  // How long a lease lasts unrenewed.
  virtual std::chrono::milliseconds leaseTtl() const = 0;
};

}  // namespace tengen::site
