#include "server/session_registry.h"

#include <vector>

namespace tengen::server {

std::uint64_t SessionRegistry::nextId() {
  std::lock_guard lock(mutex_);
  return nextId_++;
}

bool SessionRegistry::add(std::uint64_t id, std::weak_ptr<SessionHandle> session) {
  std::lock_guard lock(mutex_);
  if (stopping_) return false;
  sessions_.emplace(id, std::move(session));
  return true;
}

void SessionRegistry::remove(std::uint64_t id) {
  std::lock_guard lock(mutex_);
  sessions_.erase(id);
  if (sessions_.empty()) emptied_.notify_all();
}

void SessionRegistry::shutdownAll() {
  // Shut down outside the lock: dropping the last reference to a session runs its destructor,
  // which calls remove().
  std::vector<std::shared_ptr<SessionHandle>> live;
  {
    std::lock_guard lock(mutex_);
    stopping_ = true;
    live.reserve(sessions_.size());
    for (const auto& [id, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live) session->shutdown();
}

void SessionRegistry::forceCloseAll() {
  std::vector<std::shared_ptr<SessionHandle>> live;
  {
    std::lock_guard lock(mutex_);
    for (const auto& [id, weak] : sessions_) {
      if (auto session = weak.lock()) live.push_back(std::move(session));
    }
  }
  for (const auto& session : live) session->forceClose();
}

bool SessionRegistry::waitUntilEmpty(std::chrono::milliseconds timeout) {
  std::unique_lock lock(mutex_);
  return emptied_.wait_for(lock, timeout, [this] { return sessions_.empty(); });
}

std::size_t SessionRegistry::size() const {
  std::lock_guard lock(mutex_);
  return sessions_.size();
}

}  // namespace tengen::server
