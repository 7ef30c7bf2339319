#include <gtest/gtest.h>

#include <future>
#include <mutex>

#include "backend.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;
using testing::openStore;
using testing::TempDir;

GameEvent logEvent(int64_t game, int64_t seq, std::string type = "move",
                   std::string payload = "{}") {
  return GameEvent{game, seq, std::move(type), std::move(payload), 1000 + seq};
}

class Append : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
  int64_t game_ = testing::newGame(*store_);
};

TENGEN_ON_BOTH_STORES(Append);

TEST_P(Append, EventsLoadInSeqOrderWithEveryField) {
  const char* types[] = {"move", "move", "pass", "undo_request", "undo_accept", "chat"};
  for (int seq = 1; seq <= 6; ++seq) {
    const std::string payload = R"({"n":)" + std::to_string(seq) + "}";
    ASSERT_TRUE(store_->appendEventSync(logEvent(game_, seq, types[seq - 1], payload)).ok());
  }
  auto loaded = store_->loadGame(game_).value();
  ASSERT_TRUE(loaded);
  ASSERT_EQ(loaded->events.size(), 6u);
  for (int i = 0; i < 6; ++i) {
    const GameEvent& e = loaded->events[i];
    EXPECT_EQ(e.game, game_);
    EXPECT_EQ(e.seq, i + 1);
    EXPECT_EQ(e.type, types[i]);
    EXPECT_EQ(e.payload, R"({"n":)" + std::to_string(i + 1) + "}");
    EXPECT_EQ(e.timeMs, 1001 + i);
  }
}

TEST_P(Append, LoadEventsReturnsOnlyTheOnesAfterASeq) {
  for (int seq = 1; seq <= 5; ++seq)
    ASSERT_TRUE(store_->appendEventSync(logEvent(game_, seq)).ok());
  auto missed = store_->loadEvents(game_, 3).value();
  ASSERT_EQ(missed.size(), 2u);
  EXPECT_EQ(missed[0].seq, 4);
  EXPECT_EQ(missed[1].seq, 5);
  EXPECT_TRUE(store_->loadEvents(game_, 5).value().empty());
  EXPECT_TRUE(store_->loadEvents(game_ + 1, 0).value().empty());
}

TEST_P(Append, SecondWriterOfASeqGetsConflictAndTheFirstEventStays) {
  ASSERT_TRUE(store_->appendEventSync(logEvent(game_, 1, "move", "first")).ok());
  const AppendResult second = store_->appendEventSync(logEvent(game_, 1, "move", "second"));
  EXPECT_EQ(second.status, AppendStatus::Conflict);
  EXPECT_EQ(second.lastSeq, 1);
  EXPECT_EQ(second.message, "game " + std::to_string(game_) + ": seq 1 is taken (the next is 2)");
  auto events = store_->loadEvents(game_, 0).value();
  ASSERT_EQ(events.size(), 1u);
  EXPECT_EQ(events[0].payload, "first");
}

TEST_P(Append, AGapIsAConflictTooSoTheLogStaysDense) {
  ASSERT_TRUE(store_->appendEventSync(logEvent(game_, 1)).ok());
  const AppendResult gap = store_->appendEventSync(logEvent(game_, 3));
  EXPECT_EQ(gap.status, AppendStatus::Conflict);
  EXPECT_EQ(gap.lastSeq, 1);
  EXPECT_NE(gap.message.find("would leave a gap"), std::string::npos);
  EXPECT_EQ(store_->appendEventSync(logEvent(game_, 0)).status, AppendStatus::Conflict);
  EXPECT_EQ(store_->appendEventSync(logEvent(game_, -5)).status, AppendStatus::Conflict);
  EXPECT_EQ(store_->loadEvents(game_, 0).value().size(), 1u);
}

TEST_P(Append, UnknownGameFails) {
  const AppendResult r = store_->appendEventSync(logEvent(game_ + 100, 1));
  EXPECT_EQ(r.status, AppendStatus::Failed);
  EXPECT_EQ(r.message, "game " + std::to_string(game_ + 100) + " does not exist");
}

TEST_P(Append, GamesHaveIndependentSequences) {
  const int64_t other = testing::newGame(*store_);
  ASSERT_TRUE(store_->appendEventSync(logEvent(game_, 1)).ok());
  ASSERT_TRUE(store_->appendEventSync(logEvent(other, 1)).ok());
  ASSERT_TRUE(store_->appendEventSync(logEvent(other, 2)).ok());
  ASSERT_TRUE(store_->appendEventSync(logEvent(game_, 2)).ok());
  EXPECT_EQ(store_->loadEvents(game_, 0).value().size(), 2u);
  EXPECT_EQ(store_->loadEvents(other, 0).value().size(), 2u);
}

TEST_P(Append, PipelinedAppendsFromOneThreadCompleteInOrder) {
  std::vector<int64_t> completed;
  std::mutex mutex;
  for (int seq = 1; seq <= 200; ++seq) {
    store_->appendEvent(logEvent(game_, seq), [&, seq](AppendResult r) {
      EXPECT_TRUE(r.ok()) << r.message;
      std::lock_guard lock(mutex);
      completed.push_back(seq);
    });
  }
  ASSERT_TRUE(store_->appendEventSync(logEvent(game_, 201)).ok());  // queued behind all of them
  std::lock_guard lock(mutex);
  ASSERT_EQ(completed.size(), 200u);
  for (int i = 0; i < 200; ++i) EXPECT_EQ(completed[i], i + 1);
}

TEST_P(Append, CallbackRunsAfterTheEventIsReadable) {
  std::promise<size_t> seen;
  store_->appendEvent(logEvent(game_, 1), [&](AppendResult r) {
    ASSERT_TRUE(r.ok());
    // Another connection already sees it: the commit happened before the callback.
    seen.set_value(store_->loadEvents(game_, 0).value().size());
  });
  EXPECT_EQ(seen.get_future().get(), 1u);
}

}  // namespace
}  // namespace tengen::store
