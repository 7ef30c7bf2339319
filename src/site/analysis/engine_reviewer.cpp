#include "site/analysis/engine_reviewer.h"

#include <boost/json/serialize.hpp>

#include <pthread.h>
#include <sched.h>
#include <sys/resource.h>
#include <unistd.h>

#include "base/contained.h"
#include "base/log.h"
#include "bot/bot.h"
#include "site/analysis/engine_review_news.h"
#include "site/analysis/live_moves.h"
#include "site/analysis/review_json.h"
#include "site/site_context.h"

namespace tengen::site {

namespace {

std::shared_ptr<const std::string> serializedReview(const boost::json::object& message) {
  return std::make_shared<const std::string>(boost::json::serialize(message));
}

// The calling thread yields to every other thread of the machine (engine_reviewer.h says
// why): SCHED_IDLE where the kernel has it, the lowest nice value as well (which is what
// remains if SCHED_IDLE is refused, as some containers do). Lowering a thread's own priority
// needs no privilege.
void yieldToEveryone() {
  sched_param none{};
  if (pthread_setschedparam(pthread_self(), SCHED_IDLE, &none) != 0) {
    log::warn("review_sched_idle_refused", {});
  }
  if (setpriority(PRIO_PROCESS, static_cast<id_t>(gettid()), 19) != 0) {
    log::warn("review_nice_refused", {});
  }
}

}  // namespace

EngineReviewer::EngineReviewer(store::Store& store, Options options, const LiveMoves* live)
    : store_(store), options_(options), live_(live), thread_([this] { run(); }) {}

EngineReviewer::~EngineReviewer() { stop(); }

void EngineReviewer::stop() {
  news_.reset();  // no other node's news after this returns
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    if (searching_) searching_->stop();
  }
  wake_.notify_all();
  if (thread_.joinable()) thread_.join();
}

void EngineReviewer::joinNodes(bus::Bus* bus, std::string node) {
  if (bus == nullptr || news_) return;
  {
    std::lock_guard lock(mutex_);
    bus_ = bus;
    node_ = std::move(node);
  }
  news_ = bus->subscribe(std::string(kEngineReviewChannel),
                         [this](std::string_view text) { heard(text); });
}

void EngineReviewer::publish(int64_t gameId, bool final, const std::string& message) {
  bus::Bus* bus = nullptr;
  std::string node;
  {
    std::lock_guard lock(mutex_);
    bus = bus_;
    node = node_;
  }
  if (bus != nullptr) {
    bus->publish(std::string(kEngineReviewChannel),
                 encodeEngineReviewNews(EngineReviewNews{node, gameId, final, message}));
  }
}

void EngineReviewer::heard(std::string_view text) {
  auto news = decodeEngineReviewNews(text);
  if (!news) {
    log::warn("engine_review_news_refused", {{"error", news.error().toString()}});
    return;
  }
  std::vector<SendFunction> watchers;
  {
    std::lock_guard lock(mutex_);
    if (news->node == node_) return;  // its own, already sent here
    // A review of the same game underway here too: its watchers hear of that one.
    if (reviews_.contains(news->gameId)) return;
    auto waiting = waiting_.find(news->gameId);
    if (waiting == waiting_.end()) return;
    for (const auto& [session, send] : waiting->second) watchers.push_back(send);
    if (news->final) {
      waiting_.erase(waiting);
      std::erase(waitingOrder_, news->gameId);
    }
  }
  const auto message = std::make_shared<const std::string>(std::move(news->message));
  for (const SendFunction& send : watchers) send(message);
}

void EngineReviewer::addWatcher(Review& review, uint64_t sessionId, SendFunction watcher) {
  if (review.watchers.size() < options_.maxWatchers || review.watchers.contains(sessionId)) {
    review.watchers[sessionId] = std::move(watcher);
  }
}

EngineReviewer::Reserved EngineReviewer::reserve(int64_t userId, int64_t gameId, uint64_t sessionId,
                                                 SendFunction watcher) {
  std::lock_guard lock(mutex_);
  if (auto found = reviews_.find(gameId); found != reviews_.end()) {
    addWatcher(found->second, sessionId, std::move(watcher));
    return Reserved::Underway;
  }
  if (users_[userId] >= options_.perUser) return Reserved::UserLimit;
  if (reviews_.size() >= options_.maxUnderway) return Reserved::Full;
  ++users_[userId];
  Review& review = reviews_[gameId];
  review.userId = userId;
  if (auto waiting = waiting_.find(gameId); waiting != waiting_.end()) {
    review.watchers = std::move(waiting->second);
    waiting_.erase(waiting);
    std::erase(waitingOrder_, gameId);
  }
  addWatcher(review, sessionId, std::move(watcher));
  return Reserved::Yes;
}

void EngineReviewer::start(int64_t gameId, go::Game game) {
  {
    std::lock_guard lock(mutex_);
    auto found = reviews_.find(gameId);
    if (found == reviews_.end() || found->second.game) return;
    found->second.game = std::move(game);
    queue_.push_back(gameId);
  }
  wake_.notify_one();
}

void EngineReviewer::abandon(int64_t gameId) {
  std::lock_guard lock(mutex_);
  auto found = reviews_.find(gameId);
  if (found == reviews_.end() || found->second.game) return;
  if (--users_[found->second.userId] == 0) users_.erase(found->second.userId);
  reviews_.erase(found);
}

std::optional<EngineReviewer::Progress> EngineReviewer::watch(int64_t gameId, uint64_t sessionId,
                                                              SendFunction watcher) {
  std::lock_guard lock(mutex_);
  auto found = reviews_.find(gameId);
  if (found == reviews_.end()) {
    auto [waiting, added] = waiting_.try_emplace(gameId);
    if (added) {
      waitingOrder_.push_back(gameId);
      if (waitingOrder_.size() > options_.maxWaitingGames) {
        waiting_.erase(waitingOrder_.front());
        waitingOrder_.pop_front();
      }
    }
    if (waiting_.contains(gameId) &&
        (waiting->second.size() < options_.maxWatchers || waiting->second.contains(sessionId))) {
      waiting->second[sessionId] = std::move(watcher);
    }
    return std::nullopt;
  }
  Review& review = found->second;
  addWatcher(review, sessionId, std::move(watcher));
  const int64_t total = review.game ? static_cast<int64_t>(review.game->moves().size()) + 1 : 0;
  return Progress{review.running, total, review.positions};
}

size_t EngineReviewer::underway() const {
  std::lock_guard lock(mutex_);
  return reviews_.size();
}

std::vector<SendFunction> EngineReviewer::watchersOf(int64_t gameId) const {
  std::vector<SendFunction> watchers;
  auto found = reviews_.find(gameId);
  if (found == reviews_.end()) return watchers;
  for (const auto& [session, send] : found->second.watchers) watchers.push_back(send);
  return watchers;
}

void EngineReviewer::run() {
  yieldToEveryone();
  for (;;) {
    int64_t gameId = 0;
    go::Game game(9);
    {
      std::unique_lock lock(mutex_);
      wake_.wait(lock, [this] { return stopping_ || !queue_.empty(); });
      if (stopping_) return;  // queued reviews are dropped: their askers may ask again
      gameId = queue_.front();
      queue_.pop_front();
      Review& review = reviews_.at(gameId);
      review.running = true;
      game = *review.game;
    }
    if (!runContained("engine_review", [&] { review(gameId, game); })) {
      fail(gameId, "the review failed on the server");
    }
  }
}

void EngineReviewer::review(int64_t gameId, const go::Game& game) {
  bot::Bot bot(reviewBotOptions(options_.playouts, static_cast<uint64_t>(gameId)));
  {
    std::lock_guard lock(mutex_);
    searching_ = &bot;
    if (stopping_) bot.stop();
  }
  // Forgotten before the bot goes, however this ends (an exception included): stop() must
  // never reach a bot that is gone.
  struct Forget {
    EngineReviewer& self;
    ~Forget() {
      std::lock_guard lock(self.mutex_);
      self.searching_ = nullptr;
    }
  } forget{*this};
  const int64_t total = static_cast<int64_t>(game.moves().size()) + 1;
  const auto started = std::chrono::steady_clock::now();
  std::chrono::steady_clock::duration paused{};
  if (!stepAside(paused)) return;
  std::vector<store::EngineReviewPosition> positions =
      reviewGame(bot, game, [&](const store::EngineReviewPosition& position) {
        std::vector<SendFunction> watchers;
        {
          std::lock_guard lock(mutex_);
          if (stopping_) return false;
          reviews_.at(gameId).positions.push_back(position);
          watchers = watchersOf(gameId);
        }
        const auto message = serializedReview(progressJson(gameId, total, position));
        for (const SendFunction& send : watchers) send(message);
        publish(gameId, false, *message);
        // Not after the last: saving and telling it done costs the live moves nothing.
        return position.moveNumber + 1 >= total || stepAside(paused);
      });
  {
    std::lock_guard lock(mutex_);
    if (stopping_) return;
  }
  log::info("engine_review_done",
            {{"game", gameId},
             {"positions", static_cast<int64_t>(positions.size())},
             {"playouts", options_.playouts},
             {"seconds",
              std::chrono::duration<double>(std::chrono::steady_clock::now() - started).count()},
             {"pausedSeconds", std::chrono::duration<double>(paused).count()}});
  finish(gameId, positions);
}

bool EngineReviewer::stepAside(std::chrono::steady_clock::duration& paused) {
  if (live_ == nullptr) return true;
  const auto began = std::chrono::steady_clock::now();
  std::unique_lock lock(mutex_);
  for (;;) {
    if (stopping_) return false;
    const auto since = live_->sinceLastMove();
    const auto waited = std::chrono::steady_clock::now() - began;
    if (since >= options_.quietMs || waited >= options_.maxPauseMs) {
      paused += waited;
      return true;
    }
    // Woken early only by stop() (start() notifies too: then the loop looks again).
    wake_.wait_for(lock, std::min<std::chrono::steady_clock::duration>(
                             options_.quietMs - since, options_.maxPauseMs - waited));
  }
}

void EngineReviewer::finish(int64_t gameId,
                            const std::vector<store::EngineReviewPosition>& positions) {
  // Saved before anyone is told it is done: whoever asks next reads it from the store.
  auto saved =
      store_.saveEngineReview(gameId, store::EngineReview{options_.playouts, nowMs(), positions});
  if (!saved) {
    log::error("engine_review_save_failed",
               {{"game", gameId}, {"error", saved.error().toString()}});
    return fail(gameId, "the review could not be saved; ask again");
  }
  const auto message = serializedReview(reviewJson(
      gameId, "done", options_.playouts, static_cast<int64_t>(positions.size()), positions));
  for (const SendFunction& send : release(gameId)) send(message);
  publish(gameId, true, *message);
}

std::vector<SendFunction> EngineReviewer::release(int64_t gameId) {
  std::lock_guard lock(mutex_);
  std::vector<SendFunction> watchers = watchersOf(gameId);
  auto found = reviews_.find(gameId);
  if (found != reviews_.end()) {
    if (--users_[found->second.userId] == 0) users_.erase(found->second.userId);
    reviews_.erase(found);
  }
  return watchers;
}

void EngineReviewer::fail(int64_t gameId, std::string_view why) {
  const auto message = serializedReview(boost::json::object{
      {"type", "engine_review"}, {"gameId", gameId}, {"status", "failed"}, {"message", why}});
  for (const SendFunction& send : release(gameId)) send(message);
  publish(gameId, true, *message);
}

}  // namespace tengen::site
