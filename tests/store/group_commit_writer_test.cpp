#include "store/group_commit_writer.h"

#include <gtest/gtest.h>

#include <future>
#include <mutex>

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
