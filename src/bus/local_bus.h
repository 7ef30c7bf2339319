#pragma once

#include <memory>

#include "bus/bus.h"
#include "bus/subscribers.h"

namespace tengen::bus {

// The single-node Bus: publish calls the channel's handlers at once, on the publisher's
// thread, in subscription order. Nothing is lost and nothing leaves the process.
class LocalBus final : public Bus {
 public:
  void publish(std::string channel, std::string message) override;
  std::unique_ptr<Subscription> subscribe(std::string channel, Handler handler) override;

 private:
  std::shared_ptr<Subscribers> subscribers_ = std::make_shared<Subscribers>();
};

}  // namespace tengen::bus
