// The engine reviewer steps aside while live moves arrive (engine_reviewer.h): no position is
// reviewed while this node keeps seeing live moves within the quiet window, and the pause cap
// lets a review on a site that is never quiet finish anyway.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <filesystem>
#include <mutex>
#include <thread>

#include <unistd.h>

#include "site/analysis/engine_reviewer.h"
#include "site/analysis/live_moves.h"
#include "store/sqlite_store.h"

namespace tengen::site {
namespace {

using namespace std::chrono_literals;
namespace fs = std::filesystem;

// A 9x9 game of three moves: four positions.
go::Game threeMoves() {
  go::Game game(9);
  for (const char* vertex : {"E5", "C3", "G7"}) {
    EXPECT_EQ(game.play(game.toMove(), *game.geometry().fromGtp(vertex)), go::MoveVerdict::Legal);
  }
  return game;
}

// Counts the progress pushes of one review.
struct Pushes {
  std::mutex mutex;
  std::condition_variable changed;
  int positions = 0;
  SendFunction send() {
    return [this](std::shared_ptr<const std::string> message) {
      std::lock_guard lock(mutex);
      if (message->find("\"engine_review_progress\"") != std::string::npos) ++positions;
      changed.notify_all();
    };
  }
};

class EngineReviewerPacing : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = fs::temp_directory_path() / ("tengen-pacing-" + std::to_string(::getpid()) + ".db");
    fs::remove(path_);
    auto opened = store::SqliteStore::open(path_.string());
    ASSERT_TRUE(opened) << opened.error().toString();
    store_ = std::move(*opened);
  }
  void TearDown() override {
    store_.reset();
    fs::remove(path_);
  }
  EngineReviewer::Options options(std::chrono::milliseconds maxPause) {
    EngineReviewer::Options chosen;
    chosen.playouts = 16;
    chosen.quietMs = 1h;  // never quiet while the test notes moves
    chosen.maxPauseMs = maxPause;
    return chosen;
  }
  fs::path path_;
  std::unique_ptr<store::SqliteStore> store_;
};

TEST_F(EngineReviewerPacing, NoPositionIsReviewedWhileLiveMovesKeepArriving) {
  LiveMoves live;
  live.noteMove();
  EngineReviewer reviewer(*store_, options(1h), &live);
  Pushes pushes;
  ASSERT_EQ(reviewer.reserve(1, 7, 1, pushes.send()), EngineReviewer::Reserved::Yes);
  reviewer.start(7, threeMoves());
  // Without stepping aside four 16-playout 9x9 positions take a few milliseconds.
  std::unique_lock lock(pushes.mutex);
  EXPECT_FALSE(pushes.changed.wait_for(lock, 500ms, [&] { return pushes.positions > 0; }));
  lock.unlock();
  reviewer.stop();  // ends the pause at once
}

TEST_F(EngineReviewerPacing, ABusySiteStillGetsOnePositionPerPauseCap) {
  LiveMoves live;
  live.noteMove();
  EngineReviewer reviewer(*store_, options(20ms), &live);
  Pushes pushes;
  ASSERT_EQ(reviewer.reserve(1, 7, 1, pushes.send()), EngineReviewer::Reserved::Yes);
  reviewer.start(7, threeMoves());
  std::unique_lock lock(pushes.mutex);
  EXPECT_TRUE(pushes.changed.wait_for(lock, 60s, [&] { return pushes.positions == 4; }))
      << pushes.positions << " positions";
}

TEST(LiveMoves, NoneSeenIsForeverAgoAndAMoveIsJustNow) {
  LiveMoves live;
  EXPECT_EQ(live.sinceLastMove(), std::chrono::steady_clock::duration::max());
  live.noteMove();
  EXPECT_LT(live.sinceLastMove(), 1h);
}

}  // namespace
}  // namespace tengen::site
