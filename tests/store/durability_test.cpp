#include <gtest/gtest.h>

#include <atomic>
#include <map>

#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::openStore;
using testing::TempDir;

std::string durablePayload(int64_t game, int64_t seq) {
  return R"({"game":)" + std::to_string(game) + R"(,"seq":)" + std::to_string(seq) + "}";
}

// Appends whose callbacks have fired are on disk: closing right after queueing them (the
// destructor drains the queue) and reopening the file finds every one.
TEST(Durability, EverythingAcknowledgedIsThereAfterReopening) {
  TempDir dir;
  const std::string path = dir.file("durable.db");
  constexpr int kGames = 20;
  constexpr int kEvents = 100;
  std::vector<int64_t> games;
  std::map<std::pair<int64_t, int64_t>, int> callbacks;
  std::mutex mutex;
  {
    auto store = openStore(path);
    for (int g = 0; g < kGames; ++g) games.push_back(testing::newGame(*store));
    for (int seq = 1; seq <= kEvents; ++seq) {
      for (int64_t game : games) {
        store->appendEvent(GameEvent{game, seq, "move", durablePayload(game, seq), seq},
                           [&, game, seq](AppendResult r) {
                             EXPECT_TRUE(r.ok()) << r.message;
                             std::lock_guard lock(mutex);
                             ++callbacks[{game, seq}];
                           });
      }
    }
    ASSERT_TRUE(store->updateGameStatus(games[0], game::GameStatus::Playing));
  }  // destroyed with appends possibly still queued

  ASSERT_EQ(callbacks.size(), size_t{kGames * kEvents});
  for (const auto& [key, count] : callbacks) EXPECT_EQ(count, 1);

  auto store = openStore(path);
  ASSERT_TRUE(store);
  EXPECT_EQ(store->loadGame(games[0]).value()->settings.status, game::GameStatus::Playing);
  for (int64_t game : games) {
    auto loaded = store->loadGame(game).value();
    ASSERT_TRUE(loaded);
    ASSERT_EQ(loaded->events.size(), size_t{kEvents});
    for (int i = 0; i < kEvents; ++i) {
      EXPECT_EQ(loaded->events[i].seq, i + 1);
      EXPECT_EQ(loaded->events[i].payload, durablePayload(game, i + 1));
    }
  }
}

TEST(Durability, TheWalIsFoldedIntoTheMainFileOnClose) {
  TempDir dir;
  const std::string path = dir.file("checkpoint.db");
  {
    auto store = openStore(path);
    const int64_t game = testing::newGame(*store);
    ASSERT_TRUE(store->appendEventSync(GameEvent{game, 1, "pass", "{}", 0}).ok());
    ASSERT_TRUE(store->loadGame(game).value());  // opens a reader too
  }
  // The writer closes last, checkpoints and removes the WAL: the .db file alone is complete,
  // so copying it as a backup after a clean shutdown loses nothing.
  EXPECT_FALSE(std::filesystem::exists(path + "-wal"));
  auto store = openStore(path);
  EXPECT_EQ(store->listGames(std::nullopt, -1).value().size(), 1u);
}

}  // namespace
}  // namespace tengen::store
