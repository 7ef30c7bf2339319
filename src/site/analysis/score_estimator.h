#pragma once

// Score estimates (docs/protocol.md, "Score estimate"): who owns each point of a position and
// the result that gives under the game's rules, from the bot's heavy-playout ownership and
// its dead-stone proposal (the removal phase's own, bot/ownership_estimate.h). A few hundred
// milliseconds of one core on 19x19, so the estimates run on a thread of their own, one at a
// time, never on the bots' threads or the rooms' strands; a bounded queue and one estimate per
// user at a time keep anyone from filling it.

#include <boost/json/object.hpp>

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <set>
#include <thread>
#include <vector>

#include "go/game.h"

namespace tengen::site {

class ScoreEstimator {
 public:
  // The estimate as the protocol sends it: result and margin, the points each side owns
  // (empty points and dead stones), the dead stones, the points owned by nobody, and the
  // ownership of every point.
  using Done = std::function<void(boost::json::object estimate)>;

  explicit ScoreEstimator(size_t maxQueued = 16);
  ~ScoreEstimator();  // stop()
  // Finishes the estimate under way (its answer still goes out) and drops the queued ones,
  // with their askers' send functions, on the caller's thread. The site calls it while the
  // server's io_context still exists: an asker's socket may be released with them, and
  // closing it after the server is gone raced with the io_context's destruction (TSan).
  void stop();
  ScoreEstimator(const ScoreEstimator&) = delete;
  ScoreEstimator& operator=(const ScoreEstimator&) = delete;

  enum class Queued { Yes, Full, UserBusy };
  // Takes `userId`'s one place in the estimator before the position is read (reading a game
  // replays it on the blocking pool: a user repeating the request while an estimate is
  // underway must be refused before that cost, not after). Yes: the caller must follow with
  // estimate() or release().
  Queued reserve(int64_t userId);
  // Gives back a reservation that will not be used (the game could not be estimated).
  void release(int64_t userId);
  // Queues an estimate of `position` for `userId`, who reserved; `done` runs on the
  // estimator's thread. Seeded, so the same position always gets the same answer.
  void estimate(int64_t userId, go::Game position, uint64_t seed, Done done);

 private:
  struct Job {
    int64_t userId = 0;
    go::Game position;
    uint64_t seed = 0;
    Done done;
  };
  void run();

  const size_t maxQueued_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<Job> queue_;
  std::set<int64_t> users_;  // those with an estimate reserved, queued or running
  bool stopping_ = false;
  std::thread thread_;
};

// Black's points minus White's under `position`'s rules from `ownership` (+1 Black, indexed by
// Point): each point counts for the side that owns it in at least 65% of the playouts, then
// the komi and White's handicap points (Rules::handicapPoints) are taken off. What an
// estimate's margin and an engine review's scores are.
double ownershipMargin(const go::Game& position, const std::vector<float>& ownership);

// The estimate of `position` itself (blocking; what the estimator's thread runs).
boost::json::object estimateScore(const go::Game& position, uint64_t seed);

}  // namespace tengen::site
