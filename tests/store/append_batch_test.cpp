// One command's events go to the log in one append: all of them or none (store.h,
// appendEvents). The room relies on it: a pass that ends the game is never logged without
// its removal_start, whatever fails and whenever the process dies.

#include <gtest/gtest.h>

#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <thread>

#include "backend.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;
using testing::openStore;
using testing::TempDir;

GameEvent batchEvent(int64_t game, int64_t seq, std::string type = "move") {
  return GameEvent{game, seq, std::move(type), R"({"seq":)" + std::to_string(seq) + "}",
                   1000 + seq};
}

std::vector<GameEvent> events(int64_t game, int64_t firstSeq, int count) {
  std::vector<GameEvent> out;
  for (int i = 0; i < count; ++i) out.push_back(batchEvent(game, firstSeq + i));
  return out;
}

class AppendBatch : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
  int64_t game_ = testing::newGame(*store_);
};

TENGEN_ON_BOTH_STORES(AppendBatch);

TEST_P(AppendBatch, ACommandsEventsAreOneWriterJob) {
  const auto before = store_.writerStats();
  ASSERT_TRUE(
      store_
          ->appendEventsSync({batchEvent(game_, 1, "pass"), batchEvent(game_, 2, "removal_start")})
          .ok());
  EXPECT_EQ(store_.writerStats().jobs - before.jobs, 1);
  auto loaded = store_->loadEvents(game_, 0).value();
  ASSERT_EQ(loaded.size(), 2u);
  EXPECT_EQ(loaded[0].type, "pass");
  EXPECT_EQ(loaded[1].type, "removal_start");
  EXPECT_EQ(loaded[1].timeMs, 1002);
}

TEST_P(AppendBatch, AConflictWritesNoneOfTheEvents) {
  ASSERT_TRUE(store_->appendEventSync(batchEvent(game_, 1)).ok());
  const AppendResult taken = store_->appendEventsSync(events(game_, 1, 3));
  EXPECT_EQ(taken.status, AppendStatus::Conflict);
  EXPECT_EQ(taken.lastSeq, 1);
  EXPECT_EQ(store_->loadEvents(game_, 0).value().size(), 1u);
  ASSERT_TRUE(store_->appendEventsSync(events(game_, 2, 3)).ok());
  EXPECT_EQ(store_->loadEvents(game_, 0).value().size(), 4u);
}

TEST_P(AppendBatch, OnlyConsecutiveEventsOfOneGameMakeAnAppend) {
  const int64_t other = testing::newGame(*store_);
  const std::string expected =
      "game " + std::to_string(game_) + ": one append must hold consecutive events of one game";
  const AppendResult gap = store_->appendEventsSync({batchEvent(game_, 1), batchEvent(game_, 3)});
  EXPECT_EQ(gap.status, AppendStatus::Failed);
  EXPECT_EQ(gap.message, expected);
  const AppendResult mixed = store_->appendEventsSync({batchEvent(game_, 1), batchEvent(other, 2)});
  EXPECT_EQ(mixed.status, AppendStatus::Failed);
  EXPECT_EQ(mixed.message, expected);
  const AppendResult empty = store_->appendEventsSync({});
  EXPECT_EQ(empty.status, AppendStatus::Failed);
  EXPECT_EQ(empty.message, "nothing to append");
  EXPECT_TRUE(store_->loadEvents(game_, 0).value().empty());
  EXPECT_TRUE(store_->loadEvents(other, 0).value().empty());
}

TEST_P(AppendBatch, AnAppendToAnUnknownGameWritesNothing) {
  const AppendResult r = store_->appendEventsSync(events(game_ + 100, 1, 2));
  EXPECT_EQ(r.status, AppendStatus::Failed);
  EXPECT_EQ(r.message, "game " + std::to_string(game_ + 100) + " does not exist");
}

// A process killed with SIGKILL while it appends three-event commands to many games, as
// fast as it can: on reopening, every log holds whole commands only.
TEST(AppendBatchCrash, AKilledWriterNeverLeavesPartOfACommand) {
  TempDir dir;
  const std::string path = dir.file("killed.db");
  constexpr int kGames = 8;
  constexpr int kEventsPerCommand = 3;
  int ready[2];
  ASSERT_EQ(pipe(ready), 0);
  const pid_t child = fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    // The child: no gtest assertions here, only _exit codes.
    close(ready[0]);
    auto opened = SqliteStore::open(path);
    if (!opened) _exit(2);
    SqliteStore& store = **opened;
    std::vector<int64_t> games;
    for (int g = 0; g < kGames; ++g) {
      auto id = store.createGame(GameSettings{});
      if (!id) _exit(3);
      games.push_back(*id);
    }
    std::atomic<int> inFlight{0};
    bool told = false;
    for (int64_t seq = 1;; seq += kEventsPerCommand) {
      for (int64_t game : games) {
        ++inFlight;
        store.appendEvents(events(game, seq, kEventsPerCommand), [&inFlight](AppendResult r) {
          if (!r.ok()) _exit(4);
          --inFlight;
        });
      }
      while (inFlight > 4 * kGames) std::this_thread::yield();
      if (!told && seq > 30) {
        told = true;
        (void)!write(ready[1], "r", 1);
      }
    }
  }
  close(ready[1]);
  char c = 0;
  ASSERT_EQ(read(ready[0], &c, 1), 1) << "the writer never got going";
  // Let it write for a while, then kill it in the middle of whatever it does.
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  ASSERT_EQ(kill(child, SIGKILL), 0);
  int status = 0;
  ASSERT_EQ(waitpid(child, &status, 0), child);
  ASSERT_TRUE(WIFSIGNALED(status)) << "the writer exited with " << WEXITSTATUS(status);
  close(ready[0]);

  auto store = openStore(path);
  for (int64_t game = 1; game <= kGames; ++game) {
    auto loaded = store->loadEvents(game, 0).value();
    EXPECT_GT(loaded.size(), 30u) << "game " << game;
    EXPECT_EQ(loaded.size() % kEventsPerCommand, 0u)
        << "game " << game << " holds " << loaded.size() << " events";
  }
}

}  // namespace
}  // namespace tengen::store
