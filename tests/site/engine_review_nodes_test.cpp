// An engine review's progress on several nodes (docs/protocol.md, "Engine review"): the node
// running it tells the others on the bus channel "analysis", and a page open on the game on
// another node hears every position and the end, once each. Two reviewers on one LocalBus
// stand for two nodes; the bus's own Redis form is tested in tests/bus.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <string>
#include <vector>

#include <unistd.h>

#include "bus/local_bus.h"
#include "site/analysis/engine_review_news.h"
#include "site/analysis/engine_reviewer.h"
#include "store/sqlite_store.h"

namespace tengen::site {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

// The messages one page receives.
struct Page {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> messages;
  SendFunction send() {
    return [this](std::shared_ptr<const std::string> message) {
      std::lock_guard lock(mutex);
      messages.push_back(*message);
      changed.notify_all();
    };
  }
  int count(std::string_view needle) {
    int n = 0;
    for (const std::string& m : messages) n += m.find(needle) != std::string::npos ? 1 : 0;
    return n;
  }
};

TEST(EngineReviewNodes, APageOnAnotherNodeHearsEveryPositionAndTheEndOnce) {
  const fs::path path =
      fs::temp_directory_path() / ("tengen-review-nodes-" + std::to_string(::getpid()) + ".db");
  fs::remove(path);
  auto store = store::SqliteStore::open(path.string());
  ASSERT_TRUE(store) << store.error().toString();
  const int64_t gameId = (*store)->createGame(store::GameSettings{}).value();
  go::Game game(9);
  for (const char* vertex : {"E5", "C3"}) {
    ASSERT_EQ(game.play(game.toMove(), *game.geometry().fromGtp(vertex)), go::MoveVerdict::Legal);
  }
  bus::LocalBus bus;
  EngineReviewer::Options options;
  options.playouts = 16;
  EngineReviewer running(**store, options);
  EngineReviewer other(**store, options);
  running.joinNodes(&bus, "n1");
  other.joinNodes(&bus, "n2");
  Page asker, elsewhere;
  // The page on node 2 opened the game before anyone asked: nothing underway there.
  EXPECT_EQ(other.watch(gameId, 7, elsewhere.send()), std::nullopt);
  ASSERT_EQ(running.reserve(1, gameId, 1, asker.send()), EngineReviewer::Reserved::Yes);
  running.start(gameId, game);
  {
    std::unique_lock lock(elsewhere.mutex);
    ASSERT_TRUE(elsewhere.changed.wait_for(
        lock, 30s, [&] { return elsewhere.count("\"status\":\"done\"") == 1; }))
        << elsewhere.messages.size() << " messages";
    EXPECT_EQ(elsewhere.count("engine_review_progress"), 3);  // three positions, each once
  }
  {
    std::lock_guard lock(asker.mutex);
    EXPECT_EQ(asker.count("engine_review_progress"), 3);  // not twice from its own bus news
  }
  running.stop();
  other.stop();
  store->reset();
  fs::remove(path);
}

TEST(EngineReviewNodes, NewsIsDecodedOnceAndAnythingElseRefusedSayingWhy) {
  const EngineReviewNews news{"n1", 12, true, R"({"type":"engine_review","status":"done"})"};
  EXPECT_EQ(decodeEngineReviewNews(encodeEngineReviewNews(news)).value(), news);
  EXPECT_EQ(decodeEngineReviewNews("[1]").error().message, "engine review news: not a JSON object");
  EXPECT_EQ(decodeEngineReviewNews(R"({"node":"n1","gameId":0,"final":true,"message":""})")
                .error()
                .message,
            "engine review news: gameId must be a positive integer");
  EXPECT_EQ(
      decodeEngineReviewNews(R"({"node":"n1","gameId":3,"final":1,"message":""})").error().message,
      "engine review news: final must be true or false");
  EXPECT_EQ(decodeEngineReviewNews(R"({"node":"n1","gameId":3,"final":true})").error().message,
            "engine review news: message must be a string");
}

}  // namespace
}  // namespace tengen::site
