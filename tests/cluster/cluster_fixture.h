#pragma once

// What the cluster tests share: real `tengen serve` nodes on one PostgreSQL and one Redis
// (docs/scaling.md), as scripts/cluster.sh starts them but without the balancer, so that a
// test says which node each client talks to; clients that keep the pushes they receive.

#include <gtest/gtest.h>
#include <boost/json/object.hpp>
#include <boost/json/parse.hpp>

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <memory>
#include <string>
#include <vector>

#include "support/postgres_database.h"
#include "support/serve_process.h"
#include "support/site_requests.h"

namespace tengen::cluster::test {

using namespace std::chrono_literals;
using server::test::verdict;

struct Client {
  std::string cookie;
  std::unique_ptr<server::test::WsClient> socket;
  std::vector<boost::json::object> pushes;
};

// The newest game_event version among the client's pushes, 0 if none.
inline int64_t newestPushedVersion(const Client& client) {
  int64_t newest = 0;
  for (const boost::json::object& push : client.pushes) {
    if (push.at("type") == "game_event") newest = std::max(newest, push.at("version").as_int64());
  }
  return newest;
}

// Keeps the client's pushes until one reaches `version`, for up to `patience`. A receive that
// times out closes the socket, so each is given all the time left.
inline void receivePushesUpTo(Client& client, int64_t version,
                              std::chrono::milliseconds patience = 10s) {
  const auto until = std::chrono::steady_clock::now() + patience;
  while (newestPushedVersion(client) < version) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
        until - std::chrono::steady_clock::now());
    if (left <= 0ms) return;
    auto text = client.socket->receive(left);
    if (!text) return;
    client.pushes.push_back(boost::json::parse(*text).as_object());
  }
}

class ClusterTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(database_.ok()) << database_.error();
    const char* redis = std::getenv("TENGEN_TEST_REDIS");
    ASSERT_TRUE(redis) << "TENGEN_TEST_REDIS is unset: run this test through ctest";
    redis_ = redis;
    // One directory per test: a later test must not delete the logs of one that failed.
    dir_ = std::filesystem::temp_directory_path() /
           ("tengen-cluster-test-" + std::to_string(::getpid()) + "-" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
  }
  void TearDown() override {
    nodes_.clear();
    // The nodes' logs (DIR/nN/server.log) stay for a failure.
    if (HasFailure()) return (void)(std::cerr << "node logs under " << dir_ << "\n");
    std::error_code ec;
    std::filesystem::remove_all(dir_, ec);
  }
  server::test::ServeProcess& startNode(const std::string& name, const char* leaseMs = "1500") {
    std::filesystem::create_directories(dir_ / name);
    nodes_.push_back(std::make_unique<server::test::ServeProcess>(
        dir_ / name, std::vector<std::string>{"--db", database_.url(), "--node", name, "--redis",
                                              redis_, "--lease-ms", leaseMs}));
    return *nodes_.back();
  }
  // A guest connected to the node at `port`.
  Client connectGuest(std::uint16_t port) {
    Client client;
    client.cookie = server::test::guestCookie(port);
    client.socket = server::test::connectWithCookie(port, client.cookie);
    return client;
  }
  boost::json::object send(Client& client, boost::json::object message,
                           std::chrono::milliseconds timeout = 10s) {
    return server::test::request(*client.socket, std::move(message), ++nextId_, timeout,
                                 &client.pushes);
  }

  tengen::test::PostgresDatabase database_;
  std::string redis_;  // the ctest fixture's server; a test may start its own instead
  std::filesystem::path dir_;
  std::vector<std::unique_ptr<server::test::ServeProcess>> nodes_;
  int64_t nextId_ = 0;
};

}  // namespace tengen::cluster::test
