// Many clients at once, and stopping a server that still has open connections.

#include <gtest/gtest.h>

#include <future>
#include <thread>
#include <vector>

#include "server/server_fixture.h"
#include "support/test_client.h"

namespace tengen::server::test {
namespace {

using Concurrency = ServerFixture;

TEST_F(Concurrency, TwoHundredClientsEachDoPingRoundTrips) {
  const PingLoad load = runPingClients(port_, 200, 5);
  EXPECT_EQ(load.failures, 0) << load.firstError;
  EXPECT_EQ(load.connected, 200);
  EXPECT_EQ(load.maxOpenAtOnce, 200);
  EXPECT_EQ(load.roundTrips, 200 * 5);
  // And the server is still healthy afterwards.
  EXPECT_EQ(httpRequest(port_, "GET", "/healthz").status, 200);
}

TEST_F(Concurrency, GracefulStopClosesOpenConnections) {
  std::vector<std::unique_ptr<WsClient>> clients;
  for (int i = 0; i < 5; ++i) {
    clients.push_back(WsClient::connect(port_, origin()));
    ASSERT_TRUE(clients.back());
    ASSERT_TRUE(clients.back()->send(R"({"type":"hello","id":1})"));
    ASSERT_TRUE(clients.back()->receive());
  }
  HttpConnection idleHttp(port_);
  ASSERT_EQ(idleHttp.request("GET", "/healthz").status, 200);
  ASSERT_GE(server_->sessionCount(), 6u);

  auto stopped = std::async(std::launch::async, [this] { server_->stop(); });
  for (auto& client : clients) {
    EXPECT_FALSE(client->receive(5s));
    EXPECT_EQ(client->closeCode(), 1001) << client->error();  // going away
  }
  EXPECT_TRUE(idleHttp.closedByServer(5s));
  ASSERT_EQ(stopped.wait_for(10s), std::future_status::ready);
  EXPECT_EQ(server_->sessionCount(), 0u);
  // Nothing listens any more.
  EXPECT_NE(httpRequest(port_, "GET", "/healthz").status, 200);
  server_->stop();  // idempotent
}

class ConcurrencyShortGrace : public ServerFixture {
 protected:
  void configure(ServerOptions& options) override {
    options.stopGracePeriod = std::chrono::milliseconds(300);
  }
};

TEST_F(ConcurrencyShortGrace, StopWithClientsThatNeverAnswerStillFinishes) {
  auto silent = WsClient::connect(port_, origin());
  ASSERT_TRUE(silent);
  HttpConnection halfRequest(port_);
  // Neither client reads: stop() waits out its grace period at most, then cuts them off.
  server_->stop();
  EXPECT_EQ(server_->sessionCount(), 0u);
}

}  // namespace
}  // namespace tengen::server::test
