#pragma once

// Engine reviews of finished games (docs/protocol.md, "Engine review"): the bot evaluates every
// position of a game at a fixed budget (position_review.h) on the reviewer's own thread, tells
// everyone watching of each position as it is made, and saves the finished review in the store
// (once per game and budget; the handlers serve it from there to everyone later).
//
// Why a thread of its own at SCHED_IDLE rather than the bots' pool (site/bots/
// bot_thread_pool.h) at a lower priority: the pool runs a search to its end once started, so a
// live move arriving behind a review's position would wait up to one position's search (a
// quarter of a core-second) for a pool thread, and a priority queue cannot take back a thread
// already searching. The kernel can: a SCHED_IDLE thread runs only on a core that nothing
// else wants, so the live bots' searches (and the rooms, the store, the sockets) take the cores
// from it at once, and reviews use the time the server would otherwise leave idle. The price:
// on a server busy every moment, reviews wait; they are queued, their progress shown, and a
// user may have only a few underway.
//
// Why it also steps aside between positions: on a 2-vCPU KVM guest an idle-class thread still
// costs live moves their tail (p99 10 -> 16-18 ms, docs/performance.md "Engine review"): the
// second vCPU busy instead of halted slows the live threads' wake-ups, whatever the priority.
// So before each position the reviewer waits while this node saw a live move within the last
// quietMs (live_moves.h), and resumes when the site is quiet. A site that is never quiet would
// starve reviews for ever, so a pause ends after maxPauseMs anyway and one position runs:
// at the defaults a review then takes one position (a quarter of a core-second on 19x19) per
// 5 s, about 1/20 of the time, so a 200-move game finishes in about 18 minutes on a site with
// moves every moment, and the live moves disturbed are about 5% of them, not all.
//
// Thread-safe. Watchers are the sockets' send functions (a closed socket's send is a no-op);
// their number per review is bounded.

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include "bus/bus.h"
#include "go/game.h"
#include "site/analysis/position_review.h"
#include "site/site_messages.h"
#include "store/store.h"

namespace tengen::bot {
class Bot;
}

namespace tengen::site {

class LiveMoves;

class EngineReviewer {
 public:
  struct Options {
    int playouts = kReviewPlayouts;  // per position (tengen serve --review-playouts)
    int perUser = 2;                 // reviews one user may have reserved, queued or running
    size_t maxUnderway = 32;         // reviews reserved, queued or running on the server
    size_t maxWatchers = 64;         // sockets following one review
    size_t maxMoves = 600;           // longer games are refused (their cost grows with moves)
    size_t maxWaitingGames = 1000;   // games whose pages wait for a review to start
    // Stepping aside (above): a position waits until no live move came for quietMs, but no
    // longer than maxPauseMs.
    std::chrono::milliseconds quietMs{250};
    std::chrono::milliseconds maxPauseMs{5000};
  };
  // `live` (may be null: never step aside) outlives the reviewer.
  EngineReviewer(store::Store& store, Options options, const LiveMoves* live = nullptr);
  ~EngineReviewer();  // stop()
  // Stops the running search and joins the thread; queued reviews are dropped (their askers
  // may ask again of the next server). Idempotent.
  void stop();
  EngineReviewer(const EngineReviewer&) = delete;
  EngineReviewer& operator=(const EngineReviewer&) = delete;

  // A review underway: its positions so far and how many the game has.
  struct Progress {
    bool running = false;  // false: waiting for its turn
    int64_t total = 0;
    std::vector<store::EngineReviewPosition> positions;
  };

  enum class Reserved { Yes, Underway, UserLimit, Full };
  // Reserves the review of `gameId` for `userId` before the game is read, with `watcher`
  // following it. Underway: another review of it is already on its way (`watcher` now follows
  // that one). Yes: the caller follows with start() or abandon().
  Reserved reserve(int64_t userId, int64_t gameId, uint64_t sessionId, SendFunction watcher);
  // Queues the reserved review with the game's record (a finished game of at most maxMoves).
  void start(int64_t gameId, go::Game game);
  // Drops a reservation whose game cannot be reviewed (its watchers are not told).
  void abandon(int64_t gameId);
  // If a review of `gameId` is underway: `watcher` follows it from now on (once per session;
  // past maxWatchers it gets the progress so far only). If none is: `watcher` will follow
  // the next one started, as a page open on a finished game hears of a review another player
  // asks for (kept for at most maxWaitingGames games, the oldest forgotten first).
  std::optional<Progress> watch(int64_t gameId, uint64_t sessionId, SendFunction watcher);

  // Several nodes: tells the others of each review's progress on `bus` (channel "analysis",
  // engine_review_news.h) and hands theirs to the pages open here on the game (those that
  // watch() without a review underway here). Called once, before the first review; `bus`
  // (null: one node alone) outlives the reviewer.
  void joinNodes(bus::Bus* bus, std::string node);

  const Options& options() const { return options_; }
  // Reviews reserved, queued or running now.
  size_t underway() const;

 private:
  struct Review {
    int64_t userId = 0;
    std::optional<go::Game> game;  // set by start()
    bool running = false;
    std::vector<store::EngineReviewPosition> positions;
    std::map<uint64_t, SendFunction> watchers;  // by session
  };
  void addWatcher(Review& review, uint64_t sessionId, SendFunction watcher);
  void run();
  void review(int64_t gameId, const go::Game& game);
  // Waits while live moves arrive (above); false if the reviewer is stopping. Adds the time
  // waited to `paused`.
  bool stepAside(std::chrono::steady_clock::duration& paused);
  void finish(int64_t gameId, const std::vector<store::EngineReviewPosition>& positions);
  // Ends the review of `gameId` (its user's place freed); its watchers, to tell.
  std::vector<SendFunction> release(int64_t gameId);
  // Tells the other nodes (joinNodes) of a message sent to this review's watchers.
  void publish(int64_t gameId, bool final, const std::string& message);
  // Another node's news: to the pages waiting here for the game.
  void heard(std::string_view text);
  // Ends it and tells its watchers it failed, and why.
  void fail(int64_t gameId, std::string_view why);
  std::vector<SendFunction> watchersOf(int64_t gameId) const;  // lock held

  store::Store& store_;
  const Options options_;
  const LiveMoves* live_;
  mutable std::mutex mutex_;
  std::condition_variable wake_;
  std::map<int64_t, Review> reviews_;  // by game
  std::map<int64_t, int> users_;       // reviews per user, reserved to finished
  std::deque<int64_t> queue_;          // started, by arrival
  // Pages open on games without a review underway, by game, and the games by age.
  std::map<int64_t, std::map<uint64_t, SendFunction>> waiting_;
  std::deque<int64_t> waitingOrder_;
  bot::Bot* searching_ = nullptr;  // the running review's bot, for stop()
  bool stopping_ = false;
  bus::Bus* bus_ = nullptr;
  std::string node_;
  std::thread thread_;
  std::unique_ptr<bus::Subscription> news_;  // after thread_: dropped first
};

}  // namespace tengen::site
