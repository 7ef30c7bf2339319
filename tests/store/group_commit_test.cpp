#include <gtest/gtest.h>

#include <atomic>
#include <future>
#include <map>
#include <mutex>

#include "backend.h"
#include "temp_dir.h"
#include "writer_gate.h"

namespace tengen::store {
namespace {

using testing::groupEvent;
using testing::openStore;
using testing::Outcomes;
using testing::TempDir;
using testing::WriterGate;

class GroupCommitOnBoth : public ::testing::TestWithParam<testing::Backend> {
 protected:
  testing::BackendStore store_{GetParam()};
};

// On PostgreSQL the batch's appends are first sent together (PgConnection::pipeline); the
// refused ones make the batch run again job by job, as on SQLite.
TEST_P(GroupCommitOnBoth, AConflictFailsOnlyItsOwnAppendInABatch) {
  Store& store = *store_;
  const int64_t a = testing::newGame(store);
  const int64_t b = testing::newGame(store);

  WriterGate gate;
  gate.hold(store, a, 1);
  const auto before = store_.writerStats();

  Outcomes outcomes;
  store.appendEvent(groupEvent(a, 2, "a2"), outcomes.record("a2"));
  store.appendEvent(groupEvent(b, 1, "b1"), outcomes.record("b1"));
  store.appendEvent(groupEvent(a, 2, "a2 again"), outcomes.record("a2 again"));
  store.appendEvent(groupEvent(b, 3, "b3 gap"), outcomes.record("b3 gap"));
  store.appendEvent(groupEvent(a + b + 100, 1), outcomes.record("unknown game"));
  store.appendEvent(groupEvent(b, 2, "b2"), outcomes.record("b2"));
  gate.release();
  outcomes.allDone.get_future().wait();

  const auto after = store_.writerStats();
  EXPECT_EQ(after.commits, before.commits + 1) << "one transaction for the batch";
  EXPECT_EQ(after.redone, before.redone + 1) << "the batch ran again, job by job";
  EXPECT_GE(after.largestBatch, 6);
  EXPECT_EQ(outcomes.byName["a2"].status, AppendStatus::Ok);
  EXPECT_EQ(outcomes.byName["b1"].status, AppendStatus::Ok);
  EXPECT_EQ(outcomes.byName["a2 again"].status, AppendStatus::Conflict);
  EXPECT_EQ(outcomes.byName["a2 again"].lastSeq, 2);
  EXPECT_EQ(outcomes.byName["b3 gap"].status, AppendStatus::Conflict);
  EXPECT_EQ(outcomes.byName["unknown game"].status, AppendStatus::Failed);
  EXPECT_EQ(outcomes.byName["b2"].status, AppendStatus::Ok);

  auto eventsA = store.loadEvents(a, 0).value();
  ASSERT_EQ(eventsA.size(), 2u);
  EXPECT_EQ(eventsA[1].payload, "a2");
  auto eventsB = store.loadEvents(b, 0).value();
  ASSERT_EQ(eventsB.size(), 2u);
  EXPECT_EQ(eventsB[0].payload, "b1");
  EXPECT_EQ(eventsB[1].payload, "b2");
  // The writer's connection is fit for the next batch.
  EXPECT_TRUE(store.appendEventSync(groupEvent(a, 3, "a3")).ok());
}

TENGEN_ON_BOTH_STORES(GroupCommitOnBoth);

TEST(GroupCommit, MaxBatchSplitsALongQueue) {
  TempDir dir;
  auto store = openStore(dir.file("split.db"), SqliteStoreOptions{.maxBatch = 10});
  const int64_t game = testing::newGame(*store);
  WriterGate gate;
  gate.hold(*store, game, 1);
  const int64_t commitsBefore = store->writerStats().commits;
  std::atomic<int> done = 0;
  for (int seq = 2; seq <= 36; ++seq) {
    store->appendEvent(groupEvent(game, seq), [&](AppendResult r) {
      EXPECT_TRUE(r.ok()) << r.message;
      ++done;
    });
  }
  gate.release();
  ASSERT_TRUE(store->appendEventSync(groupEvent(game, 37)).ok());
  EXPECT_EQ(done, 35);
  EXPECT_EQ(store->writerStats().largestBatch, 10);
  EXPECT_GE(store->writerStats().commits - commitsBefore, 4);  // 35 queued, 10 at a time
}

TEST(GroupCommit, SynchronousCallsFromACallbackFailInsteadOfDeadlocking) {
  TempDir dir;
  auto store = openStore(dir.file("deadlock.db"));
  const int64_t game = testing::newGame(*store);
  std::promise<std::pair<AppendResult, Result<std::optional<User>>>> inside;
  store->appendEvent(groupEvent(game, 1), [&](AppendResult) {
    inside.set_value({store->appendEventSync(groupEvent(game, 2)),
                      store->createUser(User{0, "carol", "h", false, 0})});
  });
  auto [append, user] = inside.get_future().get();
  EXPECT_EQ(append.status, AppendStatus::Failed);
  EXPECT_NE(append.message.find("would deadlock"), std::string::npos);
  ASSERT_FALSE(user);
  EXPECT_NE(user.error().message.find("would deadlock"), std::string::npos);
}

TEST(GroupCommit, AThrowingCallbackDoesNotStopTheWriter) {
  TempDir dir;
  auto store = openStore(dir.file("throw.db"));
  const int64_t game = testing::newGame(*store);
  store->appendEvent(groupEvent(game, 1), [](AppendResult) { throw std::runtime_error("oops"); });
  EXPECT_TRUE(store->appendEventSync(groupEvent(game, 2)).ok());
  EXPECT_EQ(store->loadEvents(game, 0).value().size(), 2u);
}

}  // namespace
}  // namespace tengen::store
