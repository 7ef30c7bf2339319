#include "site/analysis/score_estimator.h"

#include <boost/json/array.hpp>

#include <cmath>

#include "base/log.h"
#include "bot/ownership_estimate.h"
#include "go/dead_stones.h"
#include "go/scoring.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

// Owned: the same owner in at least 65% of the playouts ((0.65 - 0.35) = 0.3 mean ownership).
constexpr float kOwned = 0.3f;

}  // namespace

ScoreEstimator::ScoreEstimator(size_t maxQueued)
    : maxQueued_(maxQueued), thread_([this] { run(); }) {}

ScoreEstimator::~ScoreEstimator() { stop(); }

void ScoreEstimator::stop() {
  std::deque<Job> dropped;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    dropped.swap(queue_);
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

ScoreEstimator::Queued ScoreEstimator::reserve(int64_t userId) {
  std::lock_guard lock(mutex_);
  if (users_.contains(userId)) return Queued::UserBusy;
  // Each user holds at most one place, so this bounds the queue: reserved, queued and the
  // one running.
  if (users_.size() >= maxQueued_) return Queued::Full;
  users_.insert(userId);
  return Queued::Yes;
}

void ScoreEstimator::release(int64_t userId) {
  std::lock_guard lock(mutex_);
  users_.erase(userId);
}

void ScoreEstimator::estimate(int64_t userId, go::Game position, uint64_t seed, Done done) {
  {
    std::lock_guard lock(mutex_);
    queue_.push_back(Job{userId, std::move(position), seed, std::move(done)});
  }
  wake_.notify_one();
}

void ScoreEstimator::run() {
  for (;;) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
    if (stopping_) return;  // queued estimates are dropped with their askers' sockets
    Job job = std::move(queue_.front());
    queue_.pop_front();
    lock.unlock();
    json::object estimate = estimateScore(job.position, job.seed);
    lock.lock();
    users_.erase(job.userId);
    lock.unlock();
    job.done(std::move(estimate));
  }
}

double ownershipMargin(const go::Game& position, const std::vector<float>& ownership) {
  const go::Geometry& geometry = position.geometry();
  double margin = 0;
  for (int row = 0; row < geometry.size(); ++row) {
    for (int col = 0; col < geometry.size(); ++col) {
      const go::Point p = geometry.point(col, row);
      const float owner = p < ownership.size() ? ownership[p] : 0.0f;
      if (owner > kOwned) margin += 1;
      if (owner < -kOwned) margin -= 1;
    }
  }
  return margin - position.rules().komi - position.rules().handicapPoints(position.handicap());
}

json::object estimateScore(const go::Game& position, uint64_t seed) {
  const go::DeadStoneProposal proposal =
      go::proposeDeadStones(position, bot::deadStoneOptions(seed));
  const go::Geometry& geometry = position.geometry();
  const go::Board& board = position.board();
  // Each point counts for the side that owns it in most playouts (area counting: the stones
  // and the points they surround, dead stones for their captor); a point the playouts leave
  // near even counts for nobody. Counted this way an estimate means something from the first
  // move on, where counting the board as it stands would call nearly every point dame.
  json::array blackArea, whiteArea, neutral, dead, ownership;
  ownership.reserve(static_cast<size_t>(geometry.size() * geometry.size()));
  for (int row = 0; row < geometry.size(); ++row) {
    for (int col = 0; col < geometry.size(); ++col) {
      const go::Point p = geometry.point(col, row);
      const float owner = p < proposal.ownership.size() ? proposal.ownership[p] : 0.0f;
      ownership.push_back(std::round(owner * 100.0) / 100.0);
      const bool stone = board.at(p) != go::Color::Empty;
      if (proposal.dead.contains(p)) dead.emplace_back(geometry.toGtp(p));
      if (owner > kOwned) {
        if (!stone || proposal.dead.contains(p)) blackArea.emplace_back(geometry.toGtp(p));
      } else if (owner < -kOwned) {
        if (!stone || proposal.dead.contains(p)) whiteArea.emplace_back(geometry.toGtp(p));
      } else {
        neutral.emplace_back(geometry.toGtp(p));
      }
    }
  }
  const double margin = ownershipMargin(position, proposal.ownership);
  return json::object{
      {"result", go::formatResult(margin)},
      {"margin", margin},
      {"territory", json::object{{"black", std::move(blackArea)}, {"white", std::move(whiteArea)}}},
      {"dead", std::move(dead)},
      {"neutral", std::move(neutral)},
      {"ownership", std::move(ownership)}};
}

}  // namespace tengen::site
