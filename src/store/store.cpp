#include "store/store.h"

#include <future>
#include <memory>

namespace tengen::store {

void Store::appendEvent(GameEvent e, std::function<void(AppendResult)> done) {
  std::vector<GameEvent> events;
  events.push_back(std::move(e));
  appendEvents(std::move(events), std::move(done));
}

AppendResult Store::appendEventsSync(std::vector<GameEvent> events) {
  // Shared, so the promise outlives set_value even after the waiter has woken and returned.
  auto promise = std::make_shared<std::promise<AppendResult>>();
  auto future = promise->get_future();
  appendEvents(std::move(events), [promise](AppendResult r) { promise->set_value(std::move(r)); });
  return future.get();
}

AppendResult Store::appendEventSync(GameEvent e) {
  std::vector<GameEvent> events;
  events.push_back(std::move(e));
  return appendEventsSync(std::move(events));
}

}  // namespace tengen::store
