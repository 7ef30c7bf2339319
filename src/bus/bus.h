#pragma once

#include <functional>
#include <memory>
#include <string>
#include <string_view>

namespace tengen::bus {

// Runs for each message on a subscribed channel, on the bus's delivery thread (LocalBus: the
// publisher's). It must be quick and must not block: post real work to its own strand.
using Handler = std::function<void(std::string_view message)>;

// A subscription lasts as long as this object. After the destructor returns the handler is
// never called again; destroying it from inside its own handler is allowed.
class Subscription {
 public:
  virtual ~Subscription() = default;
};

// Messages between the parts of the site that may run on different nodes (docs/scaling.md):
// a game's confirmed events to every node with watchers, commands to a game's owning node,
// lobby and presence changes. At most once and in publish order per publisher and channel,
// like Redis pub/sub: a message published while a node is cut off is lost to it, so anything
// that must not be lost is in the store, and messages carry what a receiver needs to notice
// a gap (a game event's seq) and fetch it from there.
class Bus {
 public:
  virtual ~Bus() = default;
  // Any bytes, on any channel name; never blocks on the network.
  virtual void publish(std::string channel, std::string message) = 0;
  virtual std::unique_ptr<Subscription> subscribe(std::string channel, Handler handler) = 0;
  // Runs on the delivery thread each time the bus has every subscription back after it lost
  // its connection: what was published meanwhile is lost to this node, so whatever follows a
  // channel reads what it missed from the store. One handler at a time; an empty one clears
  // it, and after that call returns the old one never runs again. A bus that cannot lose a
  // message (LocalBus) never calls it.
  virtual void setResubscribed(std::function<void()> handler) { (void)handler; }
};

}  // namespace tengen::bus
