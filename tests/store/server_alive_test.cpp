// The server's last sign of life (Store::recordAlive / lastAliveMs,
// migrations/0006_server_alive.sql) in a real SQLite file, across a reopen.
#include <gtest/gtest.h>

#include <optional>

#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::openStore;
using testing::TempDir;

TEST(ServerAlive, NothingBeforeTheFirstRecord) {
  TempDir dir;
  auto store = openStore(dir.file("alive.db"));
  EXPECT_EQ(store->lastAliveMs().value(), std::nullopt);
}

TEST(ServerAlive, TheLatestRecordSurvivesAReopenAndAnEarlierOneNeverWins) {
  TempDir dir;
  {
    auto store = openStore(dir.file("alive.db"));
    ASSERT_TRUE(store->recordAlive(1'796'000'000'000));
    ASSERT_TRUE(store->recordAlive(1'796'000'010'000));
    // A heartbeat that lands after the stopping server's last record keeps the later time.
    ASSERT_TRUE(store->recordAlive(1'796'000'005'000));
    EXPECT_EQ(store->lastAliveMs().value(), 1'796'000'010'000);
  }
  auto reopened = openStore(dir.file("alive.db"));
  EXPECT_EQ(reopened->lastAliveMs().value(), 1'796'000'010'000);
}

}  // namespace
}  // namespace tengen::store
