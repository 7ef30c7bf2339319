// PostgreSQL's writer sends the appends of a batch together (PgConnection::pipeline): one round
// trip and one transaction for all of them. An append refused among them fails alone:
// GroupCommitOnBoth.AConflictFailsOnlyItsOwnAppendInABatch (group_commit_test.cpp).
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

}  // namespace
}  // namespace tengen::store
