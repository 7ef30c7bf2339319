#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <thread>

#include "store/sqlite_store.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using namespace std::chrono_literals;
using testing::TempDir;

// The writer no longer checkpoints inside its commits; the background checkpointer must, or
// the WAL would grow without bound. After a checkpoint has copied everything, the next commit
// starts the WAL again from its beginning, so its size stays near one batch, not the history.
TEST(WalCheckpoint, TheBackgroundCheckpointerKeepsTheWalSmall) {
  TempDir dir;
  const std::string path = dir.file("checkpointed.db");
  SqliteStoreOptions options;
  options.checkpointInterval = 20ms;
  auto opened = SqliteStore::open(path, options);
  ASSERT_TRUE(opened) << opened.error().toString();
  SqliteStore& store = **opened;
  const int64_t game = testing::newGame(store);
  const std::string payload(2000, 'x');  // ~2 KB per event: 4,000 events write ~8 MB
  int64_t seq = 0;
  std::uintmax_t largestWal = 0;
  for (int round = 0; round < 40; ++round) {
    for (int i = 0; i < 100; ++i) {
      ++seq;
      ASSERT_TRUE(store.appendEventSync(GameEvent{game, seq, "move", payload, seq}).ok());
    }
    // Let two checkpoints start after the burst (so one ran over all of it) before the next
    // burst: waiting on the count rather than a fixed sleep keeps a loaded machine from
    // turning this into a race.
    const auto before = store.checkpointsCompleted();
    for (int wait = 0; wait < 500 && store.checkpointsCompleted() < before + 2; ++wait) {
      std::this_thread::sleep_for(10ms);
    }
    largestWal = std::max(largestWal, std::filesystem::file_size(path + "-wal"));
  }
  EXPECT_GT(store.checkpointsCompleted(), 0);
  // Without any checkpoint the WAL would hold all ~8 MB; with SQLite's default automatic one
  // in the writer it would stay near 4 MB. Ours keeps it to a few bursts.
  EXPECT_LT(largestWal, 3u * 1024 * 1024) << "the WAL grew to " << largestWal << " bytes";
  auto loaded = store.loadGame(game);
  ASSERT_TRUE(loaded && *loaded);
  EXPECT_EQ(static_cast<int64_t>((*loaded)->events.size()), seq);
}

}  // namespace
}  // namespace tengen::store
