#include <gtest/gtest.h>

#include <atomic>
#include <condition_variable>
#include <thread>

#include "backend.h"
#include "seq_race.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class Concurrency : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(Concurrency);

std::string payloadFor(int64_t game, int64_t seq) {
  return std::to_string(game) + ":" + std::to_string(seq);
}

// Counts completions and lets the test wait for a total.
class Tally {
 public:
  void add() {
    std::lock_guard lock(mutex_);
    ++count_;
    changed_.notify_all();
  }
  void waitFor(int64_t n) {
    std::unique_lock lock(mutex_);
    changed_.wait(lock, [&] { return count_ >= n; });
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  int64_t count_ = 0;
};

// 8 threads, each playing 100 games of 50 events with every append in flight at once: the
// shape of many rooms sharing one writer. Every callback fires once, with Ok, and the
// writer groups them into far fewer commits than appends.
TEST_P(Concurrency, ManyThreadsAppendToManyGames) {
  constexpr int kThreads = 8;
  constexpr int kGamesPerThread = 100;
  constexpr int kEvents = 50;
  BackendStore& store = store_;
  const int64_t commitsBefore = store.writerStats().commits;
  const int64_t jobsBefore = store.writerStats().jobs;

  std::vector<std::vector<int64_t>> games(kThreads);
  // [thread][game index][seq] -> how many times its callback ran (1 + Ok expected).
  std::vector<std::vector<std::vector<std::atomic<int>>>> fired(kThreads);
  std::atomic<int> failures = 0;
  Tally tally;
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int g = 0; g < kGamesPerThread; ++g) games[t].push_back(testing::newGame(*store));
      fired[t] = std::vector<std::vector<std::atomic<int>>>(kGamesPerThread);
      for (auto& perGame : fired[t]) perGame = std::vector<std::atomic<int>>(kEvents + 1);
      for (int seq = 1; seq <= kEvents; ++seq) {
        for (int g = 0; g < kGamesPerThread; ++g) {
          const int64_t game = games[t][g];
          store->appendEvent(GameEvent{game, seq, "move", payloadFor(game, seq), 0},
                             [&, t, g, seq](AppendResult r) {
                               if (!r.ok()) ++failures;
                               ++fired[t][g][seq];
                               tally.add();
                             });
        }
      }
    });
  }
  for (auto& thread : threads) thread.join();
  tally.waitFor(int64_t{kThreads} * kGamesPerThread * kEvents);

  EXPECT_EQ(failures, 0);
  for (auto& perThread : fired) {
    for (auto& perGame : perThread) {
      for (int seq = 1; seq <= kEvents; ++seq) ASSERT_EQ(perGame[seq], 1);
    }
  }
  for (auto& perThread : games) {
    for (int64_t game : perThread) {
      auto events = store->loadEvents(game, 0).value();
      ASSERT_EQ(events.size(), size_t{kEvents});
      for (int i = 0; i < kEvents; ++i) ASSERT_EQ(events[i].payload, payloadFor(game, i + 1));
    }
  }
  const auto stats = store.writerStats();
  const int64_t appends = stats.jobs - jobsBefore;
  const int64_t commits = stats.commits - commitsBefore;
  EXPECT_GE(appends, int64_t{kThreads} * kGamesPerThread * (kEvents + 1));
  EXPECT_LT(commits * 10, appends) << "commits " << commits << " for " << appends << " writes";
  std::printf("[          ] %lld writes in %lld commits, largest batch %lld\n",
              static_cast<long long>(appends), static_cast<long long>(commits),
              static_cast<long long>(stats.largestBatch));
}

// Rival writers (two server nodes, or a retried request) race for the same games. Each seq
// of each game is won exactly once; the losers see Conflict and the seq they are behind.
TEST_P(Concurrency, RivalWritersNeverForkAGame) {
  constexpr int kThreads = 4;
  constexpr int kGames = 10;
  constexpr int kEvents = 20;
  BackendStore& store = store_;
  std::vector<int64_t> games;
  for (int g = 0; g < kGames; ++g) games.push_back(testing::newGame(*store));

  const testing::SeqRace race = testing::raceForSeqs({store.get()}, kThreads, games, kEvents);
  ASSERT_EQ(race.winners.size(), size_t{kGames * kEvents});
  for (int64_t game : games) testing::expectOneWinnerPerSeq(*store, game, kEvents, race);
  EXPECT_GT(race.conflicts, 0);
}

// Readers run beside the writer and always see a dense prefix 1..n of each log.
TEST_P(Concurrency, ReadersSeeConsistentPrefixesWhileAppendsCommit) {
  BackendStore& store = store_;
  const int64_t game = testing::newGame(*store);
  std::atomic<bool> writing = true;
  std::atomic<int> reads = 0;
  std::vector<std::thread> readers;
  for (int r = 0; r < 3; ++r) {
    readers.emplace_back([&] {
      while (writing) {
        auto loaded = store->loadGame(game).value();
        ASSERT_TRUE(loaded);
        for (size_t i = 0; i < loaded->events.size(); ++i) {
          ASSERT_EQ(loaded->events[i].seq, static_cast<int64_t>(i + 1));
        }
        ASSERT_EQ(store->listGames(game::GameStatus::Open, 10).value().size(), 1u);
        ++reads;
      }
    });
  }
  for (int seq = 1; seq <= 300; ++seq) {
    ASSERT_TRUE(store->appendEventSync(GameEvent{game, seq, "move", "{}", 0}).ok());
  }
  writing = false;
  for (auto& reader : readers) reader.join();
  EXPECT_GT(reads, 0);
}

}  // namespace
}  // namespace tengen::store
