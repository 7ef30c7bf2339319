// Durable appends through SqliteStore's group commit. BM_DurableAppends: capacity, with
// every game keeping one append in flight as live rooms do (a room appends the next move
// only after the last one is durable). BM_PacedAppends: latency at a fixed offered load.
// Every append is fsynced (WAL, synchronous=FULL) before its callback runs.
//   build/bench/store_bench --benchmark_repetitions=5 --benchmark_report_aggregates_only
#include <benchmark/benchmark.h>
#include <stdlib.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>
#include <vector>

#include "store/sqlite_connection.h"
#include "store/sqlite_store.h"

namespace {

using namespace tengen::store;

// A fresh database in a temp directory with `games` games, created in one transaction so
// the setup does not dominate; removed on destruction.
class BenchDatabase {
 public:
  explicit BenchDatabase(int games) {
    std::string pattern =
        (std::filesystem::temp_directory_path() / "tengen_store_bench_XXXXXX").string();
    if (mkdtemp(pattern.data()) == nullptr) throw std::runtime_error("mkdtemp failed");
    dir_ = pattern;
    path_ = (dir_ / "bench.db").string();
    { auto store = SqliteStore::open(path_).value(); }  // migrations
    auto db = SqliteConnection::open(path_, SqliteConnection::Mode::ReadWrite, 5000).value();
    (void)db->exec("BEGIN");
    for (int g = 0; g < games; ++g) {
      (void)db->exec(
          "INSERT INTO games (size, rules, komi, handicap, free_handicap, time_control, "
          "colour_choice, created_ms, status, result) VALUES (19, 'japanese', 6.5, 0, 0, '{}', "
          "'nigiri', 0, 'playing', '')");
    }
    (void)db->exec("COMMIT");
  }
  ~BenchDatabase() { std::filesystem::remove_all(dir_); }
  const std::string& path() const { return path_; }

 private:
  std::filesystem::path dir_;
  std::string path_;
};

using Clock = std::chrono::steady_clock;

// Each game appends its next event from the previous one's callback until it has made
// `perGame` appends; returns when all games are done. Records each append's latency from
// submit to durable callback.
class ClosedLoop {
 public:
  ClosedLoop(Store& store, int games, int perGame, int64_t firstSeq)
      : store_(store), perGame_(perGame), firstSeq_(firstSeq), remaining_(games) {
    latenciesUs_.reserve(static_cast<size_t>(games) * perGame);
    for (int g = 1; g <= games; ++g) next(g, firstSeq_);
  }
  // Only after wait(): the writer thread has stopped touching it.
  std::vector<int64_t>& latenciesUs() { return latenciesUs_; }
  void wait() {
    std::unique_lock lock(mutex_);
    finished_.wait(lock, [&] { return remaining_ == 0; });
  }
  int failures() const { return failures_; }

 private:
  void next(int64_t game, int64_t seq) {
    std::string payload = R"({"point":"Q16","blackMs":)" + std::to_string(600000 - seq * 7) +
                          R"(,"whiteMs":598211,"seq":)" + std::to_string(seq) + "}";
    const auto start = Clock::now();
    store_.appendEvent(
        GameEvent{game, seq, "move", std::move(payload), seq},
        [this, game, seq, start](AppendResult r) {
          // Callbacks all run on the one writer thread: no lock needed.
          latenciesUs_.push_back(
              std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start).count());
          if (!r.ok()) ++failures_;
          if (r.ok() && seq + 1 < firstSeq_ + perGame_) return next(game, seq + 1);
          std::lock_guard lock(mutex_);
          if (--remaining_ == 0) finished_.notify_all();
        });
  }

  Store& store_;
  const int perGame_;
  const int64_t firstSeq_;
  std::atomic<int> failures_ = 0;
  std::vector<int64_t> latenciesUs_;
  std::mutex mutex_;
  std::condition_variable finished_;
  int remaining_;
};

void BM_DurableAppends(benchmark::State& state) {
  const int games = static_cast<int>(state.range(0));
  const int perGame = static_cast<int>(state.range(1));
  BenchDatabase database(games);
  auto store = SqliteStore::open(database.path()).value();
  int64_t seq = 1;
  std::vector<int64_t> latenciesUs;
  const auto before = store->writerStats();
  for (auto _ : state) {
    ClosedLoop loop(*store, games, perGame, seq);
    loop.wait();
    if (loop.failures() > 0) state.SkipWithError("an append failed");
    seq += perGame;
    latenciesUs.insert(latenciesUs.end(), loop.latenciesUs().begin(), loop.latenciesUs().end());
  }
  std::sort(latenciesUs.begin(), latenciesUs.end());
  auto percentileMs = [&](double p) {
    if (latenciesUs.empty()) return 0.0;
    return latenciesUs[static_cast<size_t>(p * (latenciesUs.size() - 1))] / 1000.0;
  };
  state.counters["p50ms"] = percentileMs(0.50);
  state.counters["p99ms"] = percentileMs(0.99);
  state.counters["maxms"] = percentileMs(1.0);
  const auto after = store->writerStats();
  const double appends = static_cast<double>(after.jobs - before.jobs);
  state.SetItemsProcessed(static_cast<int64_t>(appends));
  state.counters["appends/s"] = benchmark::Counter(appends, benchmark::Counter::kIsRate);
  state.counters["perCommit"] = appends / static_cast<double>(after.commits - before.commits);
}
// {games, appends per game per iteration}
BENCHMARK(BM_DurableAppends)
    ->Args({1, 200})
    ->Args({1000, 20})
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

// Open loop: one thread offers appends at a fixed rate, round-robin over the games, as a
// server at that load would; reports the latency from submit to durable callback. This is
// the figure behind the site's target (5,000 moves/s over 1,000 games, p99 <= 50 ms end to
// end), where the saturated closed loop above measures capacity instead.
void BM_PacedAppends(benchmark::State& state) {
  const int games = static_cast<int>(state.range(0));
  const int perSecond = static_cast<int>(state.range(1));
  constexpr int kSeconds = 2;
  BenchDatabase database(games);
  auto store = SqliteStore::open(database.path()).value();
  std::vector<int64_t> nextSeq(games + 1, 1);
  std::vector<int64_t> latenciesUs;  // appended on the writer thread only
  std::atomic<int64_t> pending = 0;
  std::atomic<int> failures = 0;
  for (auto _ : state) {
    const int total = perSecond * kSeconds;
    const auto begin = Clock::now();
    for (int i = 0; i < total; ++i) {
      std::this_thread::sleep_until(begin +
                                    std::chrono::microseconds(int64_t{i} * 1'000'000 / perSecond));
      const int64_t game = 1 + i % games;
      const int64_t seq = nextSeq[game]++;
      const auto start = Clock::now();
      ++pending;
      store->appendEvent(
          GameEvent{game, seq, "move", R"({"point":"Q16"})", seq}, [&, start](AppendResult r) {
            latenciesUs.push_back(
                std::chrono::duration_cast<std::chrono::microseconds>(Clock::now() - start)
                    .count());
            if (!r.ok()) ++failures;
            --pending;
          });
    }
    while (pending > 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  }
  if (failures > 0) state.SkipWithError("an append failed");
  std::sort(latenciesUs.begin(), latenciesUs.end());
  auto percentileMs = [&](double p) {
    if (latenciesUs.empty()) return 0.0;
    return latenciesUs[static_cast<size_t>(p * (latenciesUs.size() - 1))] / 1000.0;
  };
  state.SetItemsProcessed(static_cast<int64_t>(latenciesUs.size()));
  state.counters["p50ms"] = percentileMs(0.50);
  state.counters["p99ms"] = percentileMs(0.99);
  state.counters["maxms"] = percentileMs(1.0);
  state.counters["perCommit"] = static_cast<double>(store->writerStats().jobs) /
                                static_cast<double>(store->writerStats().commits);
}
BENCHMARK(BM_PacedAppends)
    ->Args({1000, 5000})
    ->Iterations(1)
    ->UseRealTime()
    ->Unit(benchmark::kMillisecond);

}  // namespace
