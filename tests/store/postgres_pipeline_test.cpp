// PostgreSQL's writer sends the appends of a batch together (PgConnection::pipeline): one round
// trip and one transaction for all of them, and an append refused among them fails alone.
#include <gtest/gtest.h>

#include "backend.h"
#include "store/postgres/postgres_store.h"
#include "writer_gate.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;
using testing::groupEvent;
using testing::Outcomes;
using testing::WriterGate;

class PostgresPipeline : public ::testing::Test {
 protected:
  BackendStore store_{Backend::Postgres};
  GroupCommitWriter::Stats stats() const { return store_.writerStats(); }
};

TEST_F(PostgresPipeline, ABatchOfAppendsToManyGamesIsOneRoundTripAndOneCommit) {
  const int64_t a = testing::newGame(*store_);
  const int64_t b = testing::newGame(*store_);
  WriterGate gate;
  gate.hold(*store_, a, 1);
  const auto before = stats();
  Outcomes outcomes;
  store_->appendEvent(groupEvent(a, 2, "a2"), outcomes.record("a2"));
  store_->appendEvent(groupEvent(b, 1, "b1"), outcomes.record("b1"));
  store_->appendEvents({groupEvent(b, 2, "b2"), groupEvent(b, 3, "b3")}, outcomes.record("b2-3"));
  store_->appendEvent(groupEvent(a, 3, "a3"), outcomes.record("a3"));
  gate.release();
  outcomes.allDone.get_future().wait();

  for (const auto& [name, result] : outcomes.byName) EXPECT_TRUE(result.ok()) << name;
  const auto after = stats();
  EXPECT_EQ(after.commits, before.commits + 1);
  EXPECT_EQ(after.pipelined, before.pipelined + 4) << "the four appends in one pipeline";
  EXPECT_EQ(after.redone, before.redone);
  const auto eventsA = store_->loadEvents(a, 0).value();
  ASSERT_EQ(eventsA.size(), 3u);
  EXPECT_EQ(eventsA[2].payload, "a3");
  const auto eventsB = store_->loadEvents(b, 0).value();
  ASSERT_EQ(eventsB.size(), 3u);
  EXPECT_EQ(eventsB[1].payload, "b2");
  EXPECT_EQ(eventsB[2].payload, "b3");
}

TEST_F(PostgresPipeline, AnAppendRefusedInAPipelineFailsAloneAndTheOthersAreWritten) {
  const int64_t a = testing::newGame(*store_);
  const int64_t b = testing::newGame(*store_);
  WriterGate gate;
  gate.hold(*store_, a, 1);
  const auto before = stats();
  Outcomes outcomes;
  store_->appendEvent(groupEvent(a, 2, "a2"), outcomes.record("a2"));
  store_->appendEvent(groupEvent(b, 1, "b1"), outcomes.record("b1"));
  store_->appendEvent(groupEvent(a, 2, "a2 again"), outcomes.record("a2 again"));
  store_->appendEvent(groupEvent(b, 3, "b3 gap"), outcomes.record("b3 gap"));
  store_->appendEvent(groupEvent(a + b + 100, 1), outcomes.record("unknown game"));
  store_->appendEvent(groupEvent(b, 2, "b2"), outcomes.record("b2"));
  gate.release();
  outcomes.allDone.get_future().wait();

  EXPECT_EQ(outcomes.byName["a2"].status, AppendStatus::Ok);
  EXPECT_EQ(outcomes.byName["b1"].status, AppendStatus::Ok);
  EXPECT_EQ(outcomes.byName["a2 again"].status, AppendStatus::Conflict);
  EXPECT_EQ(outcomes.byName["a2 again"].lastSeq, 2);
  EXPECT_EQ(outcomes.byName["b3 gap"].status, AppendStatus::Conflict);
  EXPECT_EQ(outcomes.byName["unknown game"].status, AppendStatus::Failed);
  EXPECT_EQ(outcomes.byName["b2"].status, AppendStatus::Ok);
  EXPECT_EQ(stats().redone, before.redone + 1) << "the batch ran again, job by job";
  const auto eventsA = store_->loadEvents(a, 0).value();
  ASSERT_EQ(eventsA.size(), 2u);
  EXPECT_EQ(eventsA[1].payload, "a2");
  const auto eventsB = store_->loadEvents(b, 0).value();
  ASSERT_EQ(eventsB.size(), 2u);
  EXPECT_EQ(eventsB[0].payload, "b1");
  EXPECT_EQ(eventsB[1].payload, "b2");

  // The connection is fit for the next batch after a pipeline the server cut short.
  EXPECT_TRUE(store_->appendEventSync(groupEvent(a, 3, "a3")).ok());
}

}  // namespace
}  // namespace tengen::store
