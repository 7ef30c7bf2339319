#pragma once

// The definitions of BasicGroupCommitWriter (group_commit_writer.h), included only by the
// files that instantiate it for one connection type: group_commit_writer.cpp for SQLite and
// postgres/pg_group_commit_writer.cpp for PostgreSQL.

#include <algorithm>
#include <exception>
#include <future>
#include <memory>

#include "store/group_commit_writer.h"
#include "store/store_parts.h"

namespace tengen::store {

namespace group_commit {

// A completion that throws must not take the writer thread (and every later append) down.
template <typename Done>
inline void complete(const Done& done, AppendResult result) noexcept {
  try {
    done(std::move(result));
  } catch (...) {
  }
}

}  // namespace group_commit

template <typename Connection>
BasicGroupCommitWriter<Connection>::BasicGroupCommitWriter(std::unique_ptr<Connection> connection,
                                                           int maxBatch)
    : connection_(std::move(connection)),
      maxBatch_(static_cast<size_t>(std::max(1, maxBatch))),
      thread_([this] { run(); }) {}

template <typename Connection>
BasicGroupCommitWriter<Connection>::~BasicGroupCommitWriter() {
  stop();
}

template <typename Connection>
void BasicGroupCommitWriter<Connection>::stop() {
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_one();
  if (thread_.joinable() && std::this_thread::get_id() != thread_.get_id()) thread_.join();
}

template <typename Connection>
void BasicGroupCommitWriter<Connection>::submit(Apply apply, Done done) {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back(Job{std::move(apply), std::move(done), std::nullopt});
      wake_.notify_one();
      return;
    }
  }
  group_commit::complete(done, parts::failed("the store is closed"));
}

template <typename Connection>
void BasicGroupCommitWriter<Connection>::submit(PipelinedWrite<Connection> write, Apply apply,
                                                Done done) requires Pipelining<Connection> {
  {
    std::lock_guard lock(mutex_);
    if (!stopping_) {
      queue_.push_back(Job{std::move(apply), std::move(done), std::move(write)});
      wake_.notify_one();
      return;
    }
  }
  group_commit::complete(done, parts::failed("the store is closed"));
}

template <typename Connection>
AppendResult BasicGroupCommitWriter<Connection>::submitAndWait(Apply apply) {
  if (std::this_thread::get_id() == thread_.get_id()) {
    return parts::failed("synchronous store write from an append callback (it would deadlock)");
  }
  // Shared, so the promise outlives set_value even after the waiter has woken and returned.
  auto promise = std::make_shared<std::promise<AppendResult>>();
  auto future = promise->get_future();
  submit(std::move(apply), [promise](AppendResult r) { promise->set_value(std::move(r)); });
  return future.get();
}

template <typename Connection>
typename BasicGroupCommitWriter<Connection>::Stats BasicGroupCommitWriter<Connection>::stats()
    const {
  return Stats{commits_.load(), jobs_.load(), largestBatch_.load(), redone_.load(),
               pipelined_.load()};
}

template <typename Connection>
void BasicGroupCommitWriter<Connection>::run() {
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

template <typename Connection>
void BasicGroupCommitWriter<Connection>::writeBatch(std::vector<Job>& batch) {
  std::vector<AppendResult> results(batch.size());
  if (runWithoutSavepoints(batch, results)) return finishBatch(batch, results);
  ++redone_;
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
  finishBatch(batch, results);
}

template <typename Connection>
bool BasicGroupCommitWriter<Connection>::runWithoutSavepoints(std::vector<Job>& batch,
                                                              std::vector<AppendResult>& results) {
  Connection& db = *connection_;
  if (!db.run(Connection::kBeginWrite)) return false;
  const auto abandon = [&db] {
    if (db.inTransaction()) (void)db.run("ROLLBACK");
    return false;
  };
  for (size_t i = 0; i < batch.size(); ++i) {
    if constexpr (Pipelining<Connection>) {
      size_t end = i;
      while (end < batch.size() && batch[end].pipelined) ++end;
      if (end - i > 1) {
        if (!runPipelined(batch, i, end, results) || !db.inTransaction()) return abandon();
        i = end - 1;
        continue;
      }
    }
    try {
      results[i] = batch[i].apply(db);
    } catch (const std::exception&) {
      return abandon();  // the careful run reports it
    }
    if (!results[i].ok() || !db.inTransaction()) return abandon();
  }
  if (!db.run("COMMIT")) return abandon();
  ++commits_;
  return true;
}

template <typename Connection>
bool BasicGroupCommitWriter<Connection>::runPipelined(
    std::vector<Job>& batch, size_t first, size_t end,
    std::vector<AppendResult>& results) requires Pipelining<Connection> {
  std::vector<const typename Connection::Statement*> statements;
  statements.reserve(end - first);
  for (size_t i = first; i < end; ++i) statements.push_back(&batch[i].pipelined->statement);
  auto answers = connection_->pipeline(statements);
  if (!answers) return false;
  pipelined_ += static_cast<int64_t>(statements.size());
  for (size_t i = first; i < end; ++i) {
    const auto& rows = (*answers)[i - first];
    if (!rows.ok()) return false;  // the careful run tells its own error apart
    try {
      results[i] = batch[i].pipelined->read(rows);
    } catch (const std::exception&) {
      return false;
    }
    if (!results[i].ok()) return false;
  }
  return true;
}

template <typename Connection>
void BasicGroupCommitWriter<Connection>::finishBatch(std::vector<Job>& batch,
                                                     std::vector<AppendResult>& results) {
  const int64_t size = static_cast<int64_t>(batch.size());
  jobs_ += size;
  int64_t largest = largestBatch_.load();
  while (size > largest && !largestBatch_.compare_exchange_weak(largest, size)) {
  }
  // Only now, with the batch durable (or failed), may anyone hear about it.
  for (size_t i = 0; i < batch.size(); ++i)
    group_commit::complete(batch[i].done, std::move(results[i]));
}

template <typename Connection>
std::optional<size_t> BasicGroupCommitWriter<Connection>::runTransaction(
    std::vector<Job>& batch, const std::vector<size_t>& jobs, std::vector<AppendResult>& results) {
  Connection& db = *connection_;
  auto failAll = [&](const std::string& why) {
    for (size_t i : jobs) results[i] = parts::failed(why);
  };
  // SQLite's BEGIN IMMEDIATE takes the write lock up front, so another process holding it
  // makes us wait (busy timeout) here rather than fail half-way through the batch.
  if (auto ok = db.run(Connection::kBeginWrite); !ok) {
    failAll(ok.error().toString());
    return std::nullopt;
  }
  for (size_t position = 0; position < jobs.size(); ++position) {
    Job& job = batch[jobs[position]];
    AppendResult result;
    if (auto ok = db.run("SAVEPOINT job"); !ok) {
      result = parts::failed(ok.error().toString());
    } else {
      try {
        result = job.apply(db);
      } catch (const std::exception& e) {
        result = parts::failed(std::string("store write threw: ") + e.what());
      }
      if (!result.ok() && db.inTransaction()) (void)db.run("ROLLBACK TO job");
      if (db.inTransaction()) (void)db.run("RELEASE job");
    }
    // Some errors (disk full, I/O, a lost PostgreSQL connection) end the whole transaction,
    // taking the earlier jobs' writes with it.
    if (!db.inTransaction()) {
      results[jobs[position]] =
          parts::failed("the batch was rolled back: " + db.error("writing a batch").toString());
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
