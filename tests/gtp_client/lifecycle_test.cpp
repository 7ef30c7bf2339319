// Order of replies, close(), the destructor, and many clients at once: no reply lost or
// doubled, no process left behind, no zombie.
#include <atomic>
#include <mutex>

#include <boost/asio/strand.hpp>

#include "client_fixture.h"

namespace tengen::gtp::testing {
namespace {

TEST_F(ClientTest, ManyQueuedCommandsComeBackInOrder) {
  auto engine = start("Echo", testing::engine("echo.sh"));
  ASSERT_TRUE(engine);
  constexpr int kCommands = 300;
  std::mutex mutex;
  std::vector<std::string> replies;
  std::promise<void> all;
  // Sent from two threads at once: send() is thread-safe; each thread's commands keep their
  // order, and every reply comes back exactly once.
  auto sendRange = [&](int from, int to) {
    for (int i = from; i < to; ++i) {
      engine->send("echo " + std::to_string(i), 30s, [&, i](GtpReply reply) {
        std::lock_guard lock(mutex);
        replies.push_back(reply.value_or("error " + std::to_string(i)));
        if (replies.size() == kCommands) all.set_value();
      });
    }
  };
  std::thread other([&] { sendRange(kCommands / 2, kCommands); });
  sendRange(0, kCommands / 2);
  other.join();
  ASSERT_EQ(all.get_future().wait_for(kSafetyWait), std::future_status::ready);
  std::vector<int> first;
  std::vector<int> second;
  for (const std::string& reply : replies) {
    const int value = std::stoi(reply);
    (value < kCommands / 2 ? first : second).push_back(value);
  }
  ASSERT_EQ(first.size(), kCommands / 2u);
  ASSERT_EQ(second.size(), kCommands / 2u);
  for (int i = 0; i < kCommands / 2; ++i) {
    EXPECT_EQ(first[i], i);
    EXPECT_EQ(second[i], kCommands / 2 + i);
  }
}

TEST_F(ClientTest, HandlersRunInsideTheCallersStrand) {
  auto strand = boost::asio::make_strand(io_.get_executor());
  auto engine = GtpClient::start(strand, {.name = "Echo", .command = testing::engine("echo.sh")});
  ASSERT_TRUE(engine.has_value());
  std::promise<bool> inStrand;
  (*engine)->send("echo x", 30s,
                  [&](GtpReply) { inStrand.set_value(strand.running_in_this_thread()); });
  auto future = inStrand.get_future();
  ASSERT_EQ(future.wait_for(kSafetyWait), std::future_status::ready);
  EXPECT_TRUE(future.get());
}

TEST_F(ClientTest, RefusalsAndMultiLineRepliesFromAScriptedEngine) {
  auto engine = start("Echo", testing::engine("echo.sh"));
  ASSERT_TRUE(engine);
  const GtpReply refused = ask(*engine, "fail");
  ASSERT_FALSE(refused.has_value());
  EXPECT_EQ(refused.error().kind, GtpFailure::Refused);
  EXPECT_EQ(refused.error().message, "Echo refused `fail`: \"failed as asked\".");
  EXPECT_EQ(ask(*engine, "multiline").value_or("error"), "first\nsecond\nthird");
  EXPECT_EQ(ask(*engine, "name").value_or("error"), "");
}

TEST_F(ClientTest, CrLfRepliesWithoutIdsAreAccepted) {
  auto engine = start("Windows", testing::engine("crlf.sh"));
  ASSERT_TRUE(engine);
  EXPECT_EQ(ask(*engine, "genmove b").value_or("error"), "b");
  EXPECT_EQ(ask(*engine, "play w D4").value_or("error"), "w D4");
}

TEST_F(ClientTest, CloseQuitsAWellBehavedEngine) {
  auto engine = start("Echo", testing::engine("echo.sh"));
  ASSERT_TRUE(engine);
  EXPECT_EQ(ask(*engine, "echo hi").value_or("error"), "hi");
  const int pid = engine->pid();
  closeAndWait(*engine, 30s);  // quits long before the grace
  EXPECT_TRUE(reapedSoon(pid));
  const GtpReply later = ask(*engine, "name");
  ASSERT_FALSE(later.has_value());
  EXPECT_EQ(later.error().kind, GtpFailure::Exited);
  EXPECT_EQ(later.error().message, "Echo was closed.");
  engine->close();  // idempotent
}

TEST_F(ClientTest, CloseKillsAnEngineThatIgnoresQuitAfterTheGrace) {
  auto engine = start("Stubborn", testing::engine("ignores_quit.sh"));
  ASSERT_TRUE(engine);
  EXPECT_TRUE(ask(*engine, "name").has_value());
  const int pid = engine->pid();
  closeAndWait(*engine, 200ms);
  EXPECT_TRUE(reapedSoon(pid));
  EXPECT_TRUE(groupGoneSoon(pid));  // its `sleep 1` too
}

TEST_F(ClientTest, CloseFailsPendingCommands) {
  auto engine = start("Sleeper", testing::engine("silent.sh"));
  ASSERT_TRUE(engine);
  EXPECT_TRUE(ask(*engine, "name").has_value());
  std::promise<GtpReply> first;
  std::promise<GtpReply> second;
  engine->send("genmove b", 30s, [&](GtpReply reply) { first.set_value(std::move(reply)); });
  engine->send("genmove w", 30s, [&](GtpReply reply) { second.set_value(std::move(reply)); });
  const int pid = engine->pid();
  closeAndWait(*engine, 100ms);
  const GtpReply one = first.get_future().get();
  const GtpReply two = second.get_future().get();
  ASSERT_FALSE(one.has_value());
  ASSERT_FALSE(two.has_value());
  EXPECT_EQ(one.error().kind, GtpFailure::Exited);
  EXPECT_EQ(one.error().message, "Sleeper was closed before it answered `genmove b`.");
  EXPECT_EQ(two.error().message, "Sleeper was closed before it answered `genmove w`.");
  EXPECT_TRUE(reapedSoon(pid));
  EXPECT_TRUE(groupGoneSoon(pid));
}

TEST_F(ClientTest, DroppingTheClientKillsAndReapsTheEngine) {
  auto engine = start("Sleeper", testing::engine("silent.sh"));
  ASSERT_TRUE(engine);
  EXPECT_TRUE(ask(*engine, "name").has_value());
  std::promise<GtpReply> pending;
  engine->send("genmove b", 30s, [&](GtpReply reply) { pending.set_value(std::move(reply)); });
  const int pid = engine->pid();
  // Let the command reach the engine, then drop the last reference.
  std::this_thread::sleep_for(50ms);
  engine.reset();
  EXPECT_TRUE(reapedSoon(pid));
  EXPECT_TRUE(groupGoneSoon(pid));
  auto future = pending.get_future();
  ASSERT_EQ(future.wait_for(kSafetyWait), std::future_status::ready);
  const GtpReply reply = future.get();
  ASSERT_FALSE(reply.has_value());
  EXPECT_EQ(reply.error().kind, GtpFailure::Exited);
}

TEST_F(ClientTest, TwentyClientsStartedAndClosedConcurrentlyLeaveNoZombie) {
  constexpr int kClients = 20;
  std::vector<std::thread> threads;
  std::mutex mutex;
  std::vector<int> pids;
  std::atomic<int> answered{0};
  for (int i = 0; i < kClients; ++i) {
    threads.emplace_back([&, i] {
      const bool gnugo = i % 2 == 0;
      auto engine = start(gnugo ? "GNU Go" : "Echo", gnugo ? "/usr/games/gnugo --mode gtp --level 1"
                                                           : testing::engine("echo.sh"));
      if (!engine) return;
      {
        std::lock_guard lock(mutex);
        pids.push_back(engine->pid());
      }
      if (ask(*engine, "name").has_value()) ++answered;
      closeAndWait(*engine, 2s);
    });
  }
  for (auto& thread : threads) thread.join();
  EXPECT_EQ(answered.load(), kClients);
  ASSERT_EQ(pids.size(), static_cast<std::size_t>(kClients));
  for (int pid : pids) EXPECT_TRUE(reapedSoon(pid)) << pid;
}

}  // namespace
}  // namespace tengen::gtp::testing
