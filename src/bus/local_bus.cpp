#include "bus/local_bus.h"

namespace tengen::bus {

void LocalBus::publish(std::string channel, std::string message) {
  subscribers_->deliver(channel, message);
}

std::unique_ptr<Subscription> LocalBus::subscribe(std::string channel, Handler handler) {
  return subscribers_->add(channel, std::move(handler), nullptr, nullptr);
}

}  // namespace tengen::bus
