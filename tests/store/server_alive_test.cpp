// The server's last sign of life (Store::recordAlive / lastAliveMs,
// migrations/0006_server_alive.sql) in a real SQLite file and a real
// PostgreSQL database, across a reopen.
#include <gtest/gtest.h>

#include <optional>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class ServerAlive : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(ServerAlive);

TEST_P(ServerAlive, NothingBeforeTheFirstRecord) {
  EXPECT_EQ(store_->lastAliveMs().value(), std::nullopt);
}

TEST_P(ServerAlive, TheLatestRecordSurvivesAReopenAndAnEarlierOneNeverWins) {
  ASSERT_TRUE(store_->recordAlive(1'796'000'000'000));
  ASSERT_TRUE(store_->recordAlive(1'796'000'010'000));
  // A heartbeat that lands after the stopping server's last record keeps the later time.
  ASSERT_TRUE(store_->recordAlive(1'796'000'005'000));
  EXPECT_EQ(store_->lastAliveMs().value(), 1'796'000'010'000);
  store_.reopen();
  EXPECT_EQ(store_->lastAliveMs().value(), 1'796'000'010'000);
}

}  // namespace
}  // namespace tengen::store
