// RedisBus against the real Redis of ctest's "redis" fixture (tests/bus/redis_server.sh),
// named by TENGEN_TEST_REDIS. Two buses stand for two nodes.
#include "bus/redis_bus.h"

#include <gtest/gtest.h>
#include <hiredis/hiredis.h>

#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <mutex>
#include <thread>
#include <string>
#include <vector>

namespace tengen::bus {
namespace {

using namespace std::chrono_literals;

std::string redisUrl() {
  const char* url = std::getenv("TENGEN_TEST_REDIS");
  return url ? url : "";
}

// Messages a handler received, and a way to wait for a count of them.
class Inbox {
 public:
  Handler handler() {
    return [this](std::string_view message) {
      std::lock_guard lock(mutex_);
      messages_.emplace_back(message);
      changed_.notify_all();
    };
  }
  std::vector<std::string> waitFor(size_t count, std::chrono::milliseconds timeout = 5s) {
    std::unique_lock lock(mutex_);
    changed_.wait_for(lock, timeout, [&] { return messages_.size() >= count; });
    return messages_;
  }

 private:
  std::mutex mutex_;
  std::condition_variable changed_;
  std::vector<std::string> messages_;
};

class RedisBusTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_FALSE(redisUrl().empty())
        << "TENGEN_TEST_REDIS is not set: run through ctest, whose redis fixture starts the "
           "server (tests/bus/redis_server.sh)";
  }
  std::unique_ptr<RedisBus> node() {
    auto bus = RedisBus::open(redisUrl(), RedisBusOptions{.retryDelay = 50ms});
    EXPECT_TRUE(bus) << bus.error().toString();
    return bus ? std::move(*bus) : nullptr;
  }
  // A plain synchronous connection for what the test itself asks Redis.
  std::string command(const std::string& text) {
    const std::string path = redisUrl().substr(5);
    redisContext* c = redisConnectUnix(path.c_str());
    if (!c || c->err) return "no connection";
    auto* reply = static_cast<redisReply*>(redisCommand(c, text.c_str()));
    std::string out = !reply                               ? "no reply"
                      : reply->type == REDIS_REPLY_INTEGER ? std::to_string(reply->integer)
                      : reply->str                         ? std::string(reply->str, reply->len)
                                                           : "";
    if (reply) freeReplyObject(reply);
    redisFree(c);
    return out;
  }
};

TEST_F(RedisBusTest, EveryNodeSubscribedToAChannelGetsItsMessagesInOrderByteForByte) {
  auto a = node();
  auto b = node();
  ASSERT_TRUE(a && b);
  Inbox onA;
  Inbox onB;
  Inbox elsewhere;
  auto subA = a->subscribe("game:7", onA.handler());
  auto subB = b->subscribe("game:7", onB.handler());
  auto subOther = b->subscribe("game:8", elsewhere.handler());
  ASSERT_TRUE(a->waitReady(5s));
  ASSERT_TRUE(b->waitReady(5s));
  std::vector<std::string> sent;
  for (int i = 0; i < 500; ++i) sent.push_back("move " + std::to_string(i));
  sent.push_back(std::string("nul\0and \xff bytes", 15));
  for (const auto& message : sent) a->publish("game:7", message);
  EXPECT_EQ(onA.waitFor(sent.size()), sent);
  EXPECT_EQ(onB.waitFor(sent.size()), sent);
  EXPECT_TRUE(elsewhere.waitFor(1, 200ms).empty());
  EXPECT_EQ(a->stats().published, static_cast<int64_t>(sent.size()));
}

TEST_F(RedisBusTest, TheLastHandlerGoingUnsubscribesTheNodeFromRedis) {
  auto a = node();
  ASSERT_TRUE(a);
  Inbox first;
  auto one = a->subscribe("game:9", first.handler());
  auto two = a->subscribe("game:9", [](std::string_view) {});
  ASSERT_TRUE(a->waitReady(5s));
  // One Redis subscriber for the node, however many local handlers.
  EXPECT_EQ(command("PUBLISH game:9 probe"), "1");
  ASSERT_EQ(first.waitFor(1), std::vector<std::string>{"probe"});
  one.reset();
  two.reset();
  for (int i = 0; i < 100 && command("PUBLISH game:9 x") != "0"; ++i) {
    std::this_thread::sleep_for(20ms);
  }
  EXPECT_EQ(command("PUBLISH game:9 x"), "0") << "nobody is subscribed any more";
  EXPECT_EQ(first.waitFor(2, 100ms), std::vector<std::string>{"probe"});
}

// Redis drops the node's connections (a restart, a network cut, CLIENT KILL): the bus
// reconnects, subscribes again, and messages published afterwards arrive.
TEST_F(RedisBusTest, ANodeWhoseConnectionsAreKilledReconnectsAndSubscribesAgain) {
  auto a = node();
  auto b = node();
  ASSERT_TRUE(a && b);
  Inbox inbox;
  auto sub = b->subscribe("lobby", inbox.handler());
  ASSERT_TRUE(b->waitReady(5s));
  ASSERT_TRUE(a->waitReady(5s));
  a->publish("lobby", "before");
  ASSERT_EQ(inbox.waitFor(1).size(), 1u);
  EXPECT_NE(command("CLIENT KILL TYPE pubsub"), "0");
  EXPECT_NE(command("CLIENT KILL TYPE normal SKIPME yes"), "0");
  // Until b is subscribed again, a message would be lost (pub/sub is at most once).
  const auto deadline = std::chrono::steady_clock::now() + 5s;
  while (b->stats().reconnects == 0 && std::chrono::steady_clock::now() < deadline) {
    std::this_thread::sleep_for(10ms);
  }
  ASSERT_TRUE(b->waitReady(5s));
  ASSERT_TRUE(a->waitReady(5s));
  a->publish("lobby", "after");
  EXPECT_EQ(inbox.waitFor(2), (std::vector<std::string>{"before", "after"}));
  EXPECT_GE(b->stats().reconnects, 1);
}

TEST_F(RedisBusTest, PublishesWhileNoServerAnswersAreQueuedUpToALimit) {
  auto bus = RedisBus::open("unix:/nonexistent/redis.sock",
                            RedisBusOptions{.maxQueued = 5, .retryDelay = 50ms});
  ASSERT_TRUE(bus);
  for (int i = 0; i < 20; ++i) (*bus)->publish("lobby", "m");
  EXPECT_FALSE((*bus)->waitReady(200ms));
  EXPECT_EQ((*bus)->stats().dropped, 15);
  EXPECT_EQ((*bus)->stats().published, 0);
}

TEST(RedisBusAddress, MalformedAddressesAreRefusedWithAMessage) {
  for (const char* bad : {"", "http://x", "redis://", "redis://host:0", "redis://host:99999",
                          "redis://host:12ab", "unix:"}) {
    auto bus = RedisBus::open(bad);
    ASSERT_FALSE(bus) << bad;
    EXPECT_FALSE(bus.error().message.empty());
  }
  EXPECT_TRUE(RedisBus::open("redis://127.0.0.1:6399"));
}

}  // namespace
}  // namespace tengen::bus
