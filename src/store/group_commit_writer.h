#pragma once

#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <type_traits>
#include <vector>

#include "store/store.h"

namespace tengen::store {

// A write that a connection able to pipeline (PgConnection::pipeline) sends without waiting for
// its answer: its statement, and what the answer means. A connection without
// `Connection::Statement` (SQLite) takes none.
template <typename Connection, typename = void>
struct PipelinedWrite {};
template <typename Connection>
struct PipelinedWrite<Connection, std::void_t<typename Connection::Statement>> {
  typename Connection::Statement statement;
  std::function<AppendResult(const typename Connection::Rows&)> read;
};
template <typename Connection>
concept Pipelining = requires {
  typename Connection::Statement;
};

// The one thread that writes. It owns the read-write connection (a SqliteConnection or a
// PgConnection: anything with run(sql), inTransaction(), error(doing) and kBeginWrite), takes
// everything queued (up to maxBatch jobs, from any number of games) and runs it in one transaction,
// so one fsync makes a whole batch durable: group commit. While a batch commits the next one queues
// up, so batches grow with load without any timer. A job that fails (a Conflict, a taken name) is
// undone alone and the rest of its batch commits: a batch first runs without savepoints, the
// usual case in which every job succeeds (a savepoint and its release are two more statements
// per job, two more round trips on PostgreSQL); if a job fails, that transaction is rolled back
// and the batch runs again with a savepoint around each job. Consecutive pipelined writes of a
// batch go to the database together, in one round trip.
// Completions run after the commit, in submission order, on this thread.
template <typename Connection>
class BasicGroupCommitWriter {
 public:
  // Runs inside the batch transaction. A non-Ok result rolls back this job's changes only.
  // It may run twice (when the database abandons a batch, the jobs before the failing one are
  // retried), so it must only touch the database and its own outputs.
  using Apply = std::function<AppendResult(Connection&)>;
  using Done = std::function<void(AppendResult)>;

  struct Stats {
    int64_t commits = 0;       // transactions committed
    int64_t jobs = 0;          // jobs completed, whatever their outcome
    int64_t largestBatch = 0;  // most jobs in one transaction
    int64_t redone = 0;        // batches in which a job failed, run again job by job
    int64_t pipelined = 0;     // jobs sent together with others, in one round trip
  };

  BasicGroupCommitWriter(std::unique_ptr<Connection> connection, int maxBatch);
  // Finishes every queued job (callbacks included), then stops the thread; later submits
  // fail at once. Idempotent; the destructor calls it.
  void stop();
  ~BasicGroupCommitWriter();
  BasicGroupCommitWriter(const BasicGroupCommitWriter&) = delete;
  BasicGroupCommitWriter& operator=(const BasicGroupCommitWriter&) = delete;

  void submit(Apply apply, Done done);
  // The same, for a write that may be pipelined with its neighbours in the batch; `apply` is
  // that write done the ordinary way, for a batch that runs again job by job.
  void submit(PipelinedWrite<Connection> write, Apply apply,
              Done done) requires Pipelining<Connection>;
  // submit and wait for the outcome. From the writer thread itself (inside a completion)
  // it would wait forever, so there it fails at once instead.
  AppendResult submitAndWait(Apply apply);

  Stats stats() const;

 private:
  struct Job {
    Apply apply;
    Done done;
    std::optional<PipelinedWrite<Connection>> pipelined;
  };

  void run();
  void writeBatch(std::vector<Job>& batch);
  // Runs the whole batch in one transaction without savepoints and commits it, filling
  // `results`; false, with the transaction rolled back and nothing written, as soon as a job
  // fails or the database refuses (then runTransaction does it again, job by job).
  bool runWithoutSavepoints(std::vector<Job>& batch, std::vector<AppendResult>& results);
  // Sends batch[first, end) (pipelined writes, in the open transaction) in one round trip and
  // fills their results; false as soon as one fails.
  bool runPipelined(std::vector<Job>& batch, size_t first, size_t end,
                    std::vector<AppendResult>& results) requires Pipelining<Connection>;
  // Counts the batch and completes its jobs, in submission order.
  void finishBatch(std::vector<Job>& batch, std::vector<AppendResult>& results);
  // Runs batch[i] for each i in `jobs` in one transaction, filling results[i]. When the
  // database abandons the whole transaction at a job (disk full, I/O error), returns that job's
  // position in `jobs`, with its result already set to the failure.
  std::optional<size_t> runTransaction(std::vector<Job>& batch, const std::vector<size_t>& jobs,
                                       std::vector<AppendResult>& results);

  std::unique_ptr<Connection> connection_;
  const size_t maxBatch_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  bool stopping_ = false;
  std::atomic<int64_t> commits_{0};
  std::atomic<int64_t> redone_{0};  // batches run again with savepoints
  std::atomic<int64_t> jobs_{0};
  std::atomic<int64_t> largestBatch_{0};
  std::atomic<int64_t> pipelined_{0};
  std::thread thread_;  // last: starts after everything it uses exists
};

// Instantiated for SQLite in group_commit_writer.cpp and for PostgreSQL in
// postgres/pg_group_commit_writer.cpp (definitions: group_commit_writer_impl.h).
class SqliteConnection;
class PgConnection;
using GroupCommitWriter = BasicGroupCommitWriter<SqliteConnection>;
using PgGroupCommitWriter = BasicGroupCommitWriter<PgConnection>;

}  // namespace tengen::store
