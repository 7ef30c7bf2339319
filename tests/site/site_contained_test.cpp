// A handler that throws on any of the threads of a running site is logged and dropped
// (base/contained.h): the thread goes on, and the server still answers and still plays.

#include <boost/asio/post.hpp>
#include <boost/asio/strand.hpp>

#include <atomic>
#include <future>
#include <stdexcept>

#include "bot/bot.h"
#include "site/blocking_pool.h"
#include "site/bots/bot_service.h"
#include "site/site_context.h"
#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace asio = boost::asio;

// More throwing handlers than any pool here has threads, so each thread likely meets one.
constexpr int kThrows = 6;

void throwing() { throw std::runtime_error("deliberate, from site_contained_test"); }

// Posts kThrows throwing handlers through `post`, then one that reports; true once it ran.
template <typename Post>
bool runsAfterThrows(Post post) {
  for (int i = 0; i < kThrows; ++i) post(throwing);
  auto ran = std::make_shared<std::promise<void>>();
  std::future<void> done = ran->get_future();
  post([ran] { ran->set_value(); });
  return done.wait_for(std::chrono::seconds(20)) == std::future_status::ready;
}

class SiteContainedTest : public SiteFixture {};

TEST_F(SiteContainedTest, EveryExecutorOutlivesAThrowingHandler) {
  SiteContext& context = site_->context();

  EXPECT_TRUE(runsAfterThrows([&](auto work) { server_->post(work); })) << "server io";
  EXPECT_TRUE(runsAfterThrows([&](auto work) { asio::post(context.io, work); })) << "site io";
  // A room's strand goes on with its queue after one of its handlers threw.
  auto room = asio::make_strand(context.io);
  EXPECT_TRUE(runsAfterThrows([&](auto work) { asio::post(room, work); })) << "room strand";
  EXPECT_TRUE(runsAfterThrows([&](auto work) { asio::post(context.blocking, work); }))
      << "blocking pool";
  auto rowWrites = asio::make_strand(context.blocking.get_executor());
  EXPECT_TRUE(runsAfterThrows([&](auto work) { asio::post(rowWrites, work); }))
      << "strand on the blocking pool";
  auto bot = std::make_shared<bot::Bot>();
  EXPECT_TRUE(runsAfterThrows([&](auto work) { context.bots->threads().submit(bot, work); }))
      << "bot threads";

  EXPECT_EQ(get("/healthz").body, "ok\n");
  // A table is a WebSocket command, a store write on the blocking pool and a lobby push from
  // the site's io threads: every kind of thread still does its part.
  auto alice = connect(guest());
  EXPECT_GT(createTable(*alice, {{"size", 9}}), 0);
}

TEST(BlockingPool, JoinRunsEveryQueuedJobEvenAfterThrows) {
  BlockingPool pool(2);
  std::atomic<int> ran{0};
  for (int i = 0; i < 100; ++i) {
    asio::post(pool.pool(), [&ran, i] {
      if (i % 3 == 0) throwing();
      ++ran;
    });
  }
  pool.join();
  EXPECT_EQ(ran.load(), 66);
  pool.join();  // idempotent
}

}  // namespace
}  // namespace tengen::site::test
