#include "store/group_commit_writer.h"

#include <algorithm>
#include <exception>
#include <future>
#include <memory>

namespace tengen::store {

namespace {

AppendResult failed(std::string message) {
  return AppendResult{AppendStatus::Failed, 0, std::move(message)};
}

// A completion that throws must not take the writer thread (and every later append) down.
void complete(const GroupCommitWriter::Done& done, AppendResult result) noexcept {
  try {
    done(std::move(result));
  } catch (...) {
  }
}

}  // namespace

GroupCommitWriter::GroupCommitWriter(std::unique_ptr<SqliteConnection> connection, int maxBatch)
    : connection_(std::move(connection)),
      maxBatch_(static_cast<size_t>(std::max(1, maxBatch))),
      thread_([this] { run(); }) {}

GroupCommitWriter::~GroupCommitWriter() { stop(); }

void GroupCommitWriter::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable() && std::this_thread::get_id() != thread_.get_id()) thread_.join();
}

void GroupCommitWriter::submit(Apply apply, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back(Job{std::move(apply), std::move(done)});
      wake_.notify_one();
      return;
    }
  }
  complete(done, failed("the store is closed"));
}

AppendResult GroupCommitWriter::submitAndWait(Apply apply) {
  if (std::this_thread::get_id() == thread_.get_id()) {
    return failed("synchronous store write from an append callback (it would deadlock)");
  }
  // Shared, so the promise outlives set_value even after the waiter has woken and returned.
  auto promise = std::make_shared<std::promise<AppendResult>>();
  auto future = promise->get_future();
  submit(std::move(apply), [promise](AppendResult r) { promise->set_value(std::move(r)); });
  return future.get();
}

GroupCommitWriter::Stats GroupCommitWriter::stats() const {
  return Stats{commits_.load(), jobs_.load(), largestBatch_.load()};
}

void GroupCommitWriter::run() {
  std::vector<Job> batch;
  for (;;) {
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !queue_.empty(); });
      if (queue_.empty()) return;  // stopping, and everything queued is done
      const size_t n = std::min(queue_.size(), maxBatch_);
      batch.assign(std::make_move_iterator(queue_.begin()),
                   std::make_move_iterator(queue_.begin() + static_cast<ptrdiff_t>(n)));
      queue_.erase(queue_.begin(), queue_.begin() + static_cast<ptrdiff_t>(n));
    }
    writeBatch(batch);
    batch.clear();
  }
}

void GroupCommitWriter::writeBatch(std::vector<Job>& batch) {
  std::vector<AppendResult> results(batch.size());
  std::vector<size_t> jobs(batch.size());
  for (size_t i = 0; i < jobs.size(); ++i) jobs[i] = i;
  if (auto lost = runTransaction(batch, jobs, results)) {
    // The job that broke the transaction fails, and so do the ones after it (on a full disk
    // they would break it again). The ones before it had fitted: they get one more
    // transaction, so when the disk fills up what fitted is still written.
    const AppendResult failure = results[jobs[*lost]];
    for (size_t p = *lost + 1; p < jobs.size(); ++p) results[jobs[p]] = failure;
    jobs.resize(*lost);
    const auto lostAgain = jobs.empty() ? std::nullopt : runTransaction(batch, jobs, results);
    if (lostAgain) {
      const AppendResult again = results[jobs[*lostAgain]];
      for (size_t i : jobs) results[i] = again;
    }
  }
  const int64_t size = static_cast<int64_t>(batch.size());
  jobs_ += size;
  int64_t largest = largestBatch_.load();
  while (size > largest && !largestBatch_.compare_exchange_weak(largest, size)) {
  }
  // Only now, with the batch durable (or failed), may anyone hear about it.
  for (size_t i = 0; i < batch.size(); ++i) complete(batch[i].done, std::move(results[i]));
}

std::optional<size_t> GroupCommitWriter::runTransaction(std::vector<Job>& batch,
                                                        const std::vector<size_t>& jobs,
                                                        std::vector<AppendResult>& results) {
  SqliteConnection& db = *connection_;
  auto failAll = [&](const std::string& why) {
    for (size_t i : jobs) results[i] = failed(why);
  };
  // IMMEDIATE takes the write lock up front, so another process holding it makes us wait
  // (busy timeout) here rather than fail half-way through the batch.
  if (auto ok = db.run("BEGIN IMMEDIATE"); !ok) {
    failAll(ok.error().toString());
    return std::nullopt;
  }
  for (size_t position = 0; position < jobs.size(); ++position) {
    Job& job = batch[jobs[position]];
    AppendResult result;
    if (auto ok = db.run("SAVEPOINT job"); !ok) {
      result = failed(ok.error().toString());
    } else {
      try {
        result = job.apply(db);
      } catch (const std::exception& e) {
        result = failed(std::string("store write threw: ") + e.what());
      }
      if (!result.ok() && db.inTransaction()) (void)db.run("ROLLBACK TO job");
      if (db.inTransaction()) (void)db.run("RELEASE job");
    }
    // Some errors (disk full, I/O) make SQLite roll back the whole transaction, taking the
    // earlier jobs' writes with it.
    if (!db.inTransaction()) {
      results[jobs[position]] =
          failed("the batch was rolled back: " + db.error("writing a batch").toString());
      return position;
    }
    results[jobs[position]] = std::move(result);
  }
  if (auto ok = db.run("COMMIT"); !ok) {
    if (db.inTransaction()) (void)db.run("ROLLBACK");
    failAll("commit failed: " + ok.error().toString());
    return std::nullopt;
  }
  ++commits_;
  return std::nullopt;
}

}  // namespace tengen::store
