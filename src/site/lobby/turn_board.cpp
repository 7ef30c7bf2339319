#include "site/lobby/turn_board.h"

#include <algorithm>
#include <limits>
#include <vector>

#include "server/envelope.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

int64_t deadlineOf(const json::object& entry) {
  const json::value* deadline = entry.if_contains("deadlineMs");
  return deadline && deadline->is_int64() ? deadline->as_int64()
                                          : std::numeric_limits<int64_t>::max();
}

}  // namespace

void TurnBoard::update(int64_t gameId, int64_t userId, json::object entry) {
  std::vector<SendFunction> targets;
  std::vector<std::shared_ptr<const std::string>> messages;
  {
    std::lock_guard lock(mutex_);
    int64_t before = 0;
    auto it = turns_.find(gameId);
    if (it != turns_.end()) {
      before = it->second.userId;
      if (before == userId && it->second.entry == entry) return;
    }
    if (userId == 0) {
      if (it == turns_.end()) return;
      turns_.erase(it);
    } else {
      turns_[gameId] = Turn{userId, std::move(entry)};
    }
    if (before != 0 && before != userId) pushLocked(before, targets, messages);
    if (userId != 0) pushLocked(userId, targets, messages);
  }
  // Sending outside the lock: a send queues on the session and never calls back in here.
  for (size_t i = 0; i < targets.size(); ++i) targets[i](messages[i]);
}

json::array TurnBoard::subscribe(uint64_t sessionId, int64_t userId, SendFunction send) {
  std::lock_guard lock(mutex_);
  subscribers_[sessionId] = Subscriber{userId, std::move(send)};
  return listLocked(userId);
}

void TurnBoard::unsubscribe(uint64_t sessionId) {
  std::lock_guard lock(mutex_);
  subscribers_.erase(sessionId);
}

void TurnBoard::notify(int64_t userId, const json::object& message) const {
  std::vector<SendFunction> targets;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [sessionId, subscriber] : subscribers_) {
      if (subscriber.userId == userId) targets.push_back(subscriber.send);
    }
  }
  if (targets.empty()) return;
  auto text = server::serializeMessage(message);
  for (const SendFunction& send : targets) send(text);
}

json::array TurnBoard::listFor(int64_t userId) const {
  std::lock_guard lock(mutex_);
  return listLocked(userId);
}

json::array TurnBoard::listLocked(int64_t userId) const {
  std::vector<const json::object*> mine;
  for (const auto& [gameId, turn] : turns_) {
    if (turn.userId == userId) mine.push_back(&turn.entry);
  }
  std::stable_sort(mine.begin(), mine.end(), [](const json::object* a, const json::object* b) {
    return deadlineOf(*a) < deadlineOf(*b);
  });
  json::array list;
  for (const json::object* entry : mine) list.push_back(*entry);
  return list;
}

void TurnBoard::pushLocked(int64_t userId, std::vector<SendFunction>& targets,
                           std::vector<std::shared_ptr<const std::string>>& messages) const {
  std::shared_ptr<const std::string> message;
  for (const auto& [sessionId, subscriber] : subscribers_) {
    if (subscriber.userId != userId) continue;
    if (!message) {
      message = server::serializeMessage(
          json::object{{"type", "your_move"}, {"games", listLocked(userId)}});
    }
    targets.push_back(subscriber.send);
    messages.push_back(message);
  }
}

}  // namespace tengen::site
