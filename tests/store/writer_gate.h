#pragma once

// Holding a store's writer thread so that what a test queues meanwhile lands in one batch, and
// collecting the outcomes of that batch's appends by name.

#include <gtest/gtest.h>

#include <functional>
#include <future>
#include <map>
#include <mutex>
#include <string>

#include "store/store.h"

namespace tengen::store::testing {

inline GameEvent groupEvent(int64_t game, int64_t seq, std::string payload = "{}") {
  return GameEvent{game, seq, "move", std::move(payload), 0};
}

// Holds the writer thread inside the completion of one append, so that everything the test
// queues meanwhile lands in the writer's next batch, which is then one transaction.
class WriterGate {
 public:
  void hold(Store& store, int64_t game, int64_t seq) {
    store.appendEvent(groupEvent(game, seq), [this](AppendResult r) {
      EXPECT_TRUE(r.ok()) << r.message;
      entered_.set_value();
      release_.get_future().wait();
    });
    entered_.get_future().wait();
  }
  void release() { release_.set_value(); }

 private:
  std::promise<void> entered_;
  std::promise<void> release_;
};

struct Outcomes {
  std::mutex mutex;
  std::map<std::string, AppendResult> byName;
  std::promise<void> allDone;
  size_t expected = 0;

  std::function<void(AppendResult)> record(const std::string& name) {
    ++expected;
    return [this, name](AppendResult r) {
      std::lock_guard lock(mutex);
      byName[name] = std::move(r);
      if (byName.size() == expected) allDone.set_value();
    };
  }
};

}  // namespace tengen::store::testing
