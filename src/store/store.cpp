#include "store/store.h"

#include <future>
#include <memory>

namespace tengen::store {

AppendResult Store::appendEventSync(GameEvent e) {
  // Shared, so the promise outlives set_value even after the waiter has woken and returned.
  auto promise = std::make_shared<std::promise<AppendResult>>();
  auto future = promise->get_future();
  appendEvent(std::move(e), [promise](AppendResult r) { promise->set_value(std::move(r)); });
  return future.get();
}

}  // namespace tengen::store
