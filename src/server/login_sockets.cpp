#include "server/login_sockets.h"

#include <utility>
#include <vector>

namespace tengen::server {

bool LoginSockets::add(const std::string& loginKey, std::uint64_t socketId,
                       std::function<void()> close) {
  std::lock_guard lock(mutex_);
  if (revoked_.contains(loginKey)) return false;
  sockets_[loginKey][socketId] = std::move(close);
  return true;
}

void LoginSockets::remove(const std::string& loginKey, std::uint64_t socketId) {
  std::lock_guard lock(mutex_);
  const auto it = sockets_.find(loginKey);
  if (it == sockets_.end()) return;
  it->second.erase(socketId);
  if (it->second.empty()) sockets_.erase(it);
}

std::size_t LoginSockets::closeAll(const std::string& loginKey) {
  std::vector<std::function<void()>> closers;
  {
    std::lock_guard lock(mutex_);
    if (revoked_.insert(loginKey).second) {
      revokedOrder_.push_back(loginKey);
      if (revokedOrder_.size() > kRememberedRevocations) {
        revoked_.erase(revokedOrder_.front());
        revokedOrder_.pop_front();
      }
    }
    const auto it = sockets_.find(loginKey);
    if (it != sockets_.end()) {
      for (auto& [id, close] : it->second) closers.push_back(std::move(close));
      sockets_.erase(it);
    }
  }
  // Outside the lock: a closing socket's destructor calls remove().
  for (const auto& close : closers) close();
  return closers.size();
}

bool LoginSockets::revoked(const std::string& loginKey) const {
  std::lock_guard lock(mutex_);
  return revoked_.contains(loginKey);
}

std::size_t LoginSockets::size() const {
  std::lock_guard lock(mutex_);
  std::size_t count = 0;
  for (const auto& [key, sockets] : sockets_) count += sockets.size();
  return count;
}

}  // namespace tengen::server
