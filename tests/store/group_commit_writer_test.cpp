#include "store/group_commit_writer.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <future>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::TempDir;

// The writer on its own, with a scratch table, to check the transaction mechanics that the
// Store methods rely on.
class Writer : public ::testing::Test {
 protected:
  void SetUp() override {
    auto db =
        SqliteConnection::open(dir_.file("writer.db"), SqliteConnection::Mode::ReadWrite, 1000);
    ASSERT_TRUE(db) << db.error().toString();
    ASSERT_TRUE((*db)->exec("CREATE TABLE t (id INTEGER PRIMARY KEY, data BLOB NOT NULL)"));
    writer_ = std::make_unique<GroupCommitWriter>(std::move(*db), 1000);
  }

  static GroupCommitWriter::Apply insert(int64_t id, std::string data) {
    return [id, data](SqliteConnection& db) {
      auto stmt = db.prepare("INSERT INTO t (id, data) VALUES (?1, ?2)");
      if (!stmt) return AppendResult{AppendStatus::Failed, 0, stmt.error().toString()};
      stmt->bind(1, id).bindBlob(2, data);
      if (!stmt->run()) return AppendResult{AppendStatus::Failed, 0, stmt->errorMessage()};
      return AppendResult{};
    };
  }

  int64_t count(const std::string& where = "1") {
    int64_t n = -1;
    writer_->submitAndWait([&](SqliteConnection& db) {
      n = db.queryInt("SELECT count(*) FROM t WHERE " + where).value_or(-1);
      return AppendResult{};
    });
    return n;
  }

  TempDir dir_;
  std::unique_ptr<GroupCommitWriter> writer_;
};

TEST_F(Writer, AFailedJobUndoesAllItsOwnWritesAndNothingElse) {
  ASSERT_TRUE(writer_->submitAndWait(insert(1, "a")).ok());
  const AppendResult r = writer_->submitAndWait([](SqliteConnection& db) {
    (void)db.exec("INSERT INTO t (id, data) VALUES (2, 'b')");
    (void)db.exec("INSERT INTO t (id, data) VALUES (3, 'c')");
    return AppendResult{AppendStatus::Conflict, 7, "changed my mind"};
  });
  EXPECT_EQ(r.status, AppendStatus::Conflict);
  EXPECT_EQ(r.lastSeq, 7);
  EXPECT_EQ(count(), 1);
}

// A batch runs without a savepoint per job; only a batch in which a job fails runs again,
// job by job, so that the failing job is undone alone and the others commit.
TEST_F(Writer, OnlyABatchWithAFailedJobRunsAgainJobByJob) {
  const auto batchOf = [&](int64_t firstId, int failing) {
    std::promise<void> release;
    std::shared_future<void> released = release.get_future().share();
    std::promise<void> holding;
    // Holds the writer so that the next jobs queue up and run as one batch.
    writer_->submit(
        [released, &holding](SqliteConnection&) {
          holding.set_value();
          released.wait();
          return AppendResult{};
        },
        [](AppendResult) {});
    holding.get_future().wait();
    std::vector<std::future<AppendResult>> outcomes;
    for (int i = 0; i < 10; ++i) {
      auto done = std::make_shared<std::promise<AppendResult>>();
      outcomes.push_back(done->get_future());
      const int64_t id = firstId + i;
      GroupCommitWriter::Apply apply = insert(id, "x");
      if (i == failing) {
        apply = [id](SqliteConnection& db) {
          (void)db.exec("INSERT INTO t (id, data) VALUES (" + std::to_string(id) + ", 'y')");
          return AppendResult{AppendStatus::Conflict, 3, "taken"};
        };
      }
      writer_->submit(std::move(apply), [done](AppendResult r) { done->set_value(std::move(r)); });
    }
    release.set_value();
    std::vector<AppendStatus> statuses;
    for (auto& outcome : outcomes) statuses.push_back(outcome.get().status);
    return statuses;
  };

  const auto allGood = batchOf(100, -1);
  EXPECT_EQ(std::count(allGood.begin(), allGood.end(), AppendStatus::Ok), 10);
  EXPECT_EQ(writer_->stats().redone, 0);
  EXPECT_EQ(count("id >= 100 AND id < 110"), 10);

  const auto oneBad = batchOf(200, 4);
  EXPECT_EQ(oneBad[4], AppendStatus::Conflict);
  EXPECT_EQ(std::count(oneBad.begin(), oneBad.end(), AppendStatus::Ok), 9);
  EXPECT_EQ(writer_->stats().redone, 1);
  EXPECT_EQ(count("id >= 200 AND id < 210"), 9);
  EXPECT_EQ(count("id = 204"), 0);
}

TEST_F(Writer, AThrowingJobFailsAndIsUndone) {
  const AppendResult r = writer_->submitAndWait([](SqliteConnection& db) -> AppendResult {
    (void)db.exec("INSERT INTO t (id, data) VALUES (1, 'x')");
    throw std::runtime_error("boom");
  });
  EXPECT_EQ(r.status, AppendStatus::Failed);
  EXPECT_EQ(r.message, "store write threw: boom");
  EXPECT_EQ(count(), 0);
}

TEST_F(Writer, StopDrainsTheQueueThenRefusesNewJobs) {
  std::atomic<int> ok = 0;
  for (int i = 1; i <= 100; ++i) {
    writer_->submit(insert(i, "x"), [&](AppendResult r) { ok += r.ok() ? 1 : 0; });
  }
  writer_->stop();
  EXPECT_EQ(ok, 100);
  AppendResult late;
  writer_->submit(insert(101, "x"), [&](AppendResult r) { late = std::move(r); });
  EXPECT_EQ(late.status, AppendStatus::Failed);
  EXPECT_EQ(late.message, "the store is closed");
  EXPECT_EQ(writer_->stats().jobs, 100);
}

// A full disk (here: a page limit) fails the jobs that did not fit. Whatever happens to the
// rest of the batch, a job reported Ok is on disk and a job reported Failed is not.
TEST_F(Writer, WhenTheDiskFillsUpOkMeansWrittenAndFailedMeansNot) {
  ASSERT_TRUE(writer_
                  ->submitAndWait([](SqliteConnection& db) {
                    const int64_t pages = db.queryInt("PRAGMA page_count").value();
                    auto ok = db.exec("PRAGMA max_page_count = " + std::to_string(pages + 12));
                    return ok ? AppendResult{} : AppendResult{AppendStatus::Failed, 0, "pragma"};
                  })
                  .ok());
  std::promise<void> entered, release;
  writer_->submit(insert(1000, "gate"), [&](AppendResult) {
    entered.set_value();
    release.get_future().wait();
  });
  entered.get_future().wait();

  constexpr int kJobs = 30;
  std::mutex mutex;
  std::vector<AppendResult> results(kJobs + 1);
  std::promise<void> allDone;
  int done = 0;
  for (int i = 1; i <= kJobs; ++i) {
    writer_->submit(insert(i, std::string(3000, static_cast<char>('a' + i % 26))),
                    [&, i](AppendResult r) {
                      std::lock_guard lock(mutex);
                      results[i] = std::move(r);
                      if (++done == kJobs) allDone.set_value();
                    });
  }
  release.set_value();
  allDone.get_future().wait();

  int failures = 0;
  for (int i = 1; i <= kJobs; ++i) {
    const bool stored = count("id = " + std::to_string(i)) == 1;
    EXPECT_EQ(results[i].ok(), stored) << "job " << i << ": " << results[i].message;
    if (!results[i].ok()) ++failures;
  }
  EXPECT_GT(failures, 0) << "the page limit should have been hit";
  EXPECT_LT(failures, kJobs) << "the jobs that fitted should have been written";
}

}  // namespace
}  // namespace tengen::store
