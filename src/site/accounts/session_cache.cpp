#include "site/accounts/session_cache.h"

#include <algorithm>
#include <utility>

namespace tengen::site {

SessionCache::SessionCache(std::size_t capacity, std::chrono::milliseconds maxAge)
    : capacity_(std::max<std::size_t>(capacity, 1)), maxAge_(maxAge) {}

std::optional<server::SessionUser> SessionCache::find(const std::string& tokenHash,
                                                      std::int64_t nowMs) {
  std::lock_guard lock(mutex_);
  const auto it = entries_.find(tokenHash);
  if (it == entries_.end()) return std::nullopt;
  if (it->second.expiresMs <= nowMs) {
    entries_.erase(it);
    return std::nullopt;
  }
  return it->second.user;
}

void SessionCache::put(const std::string& tokenHash, server::SessionUser user,
                       std::int64_t sessionExpiresMs, std::int64_t nowMs) {
  const std::int64_t expiresMs = std::min(sessionExpiresMs, nowMs + maxAge_.count());
  if (expiresMs <= nowMs) return;
  std::lock_guard lock(mutex_);
  if (!entries_.contains(tokenHash) && entries_.size() >= capacity_) evictOne(nowMs);
  entries_.insert_or_assign(tokenHash, Entry{std::move(user), expiresMs});
}

void SessionCache::forget(const std::string& tokenHash) {
  std::lock_guard lock(mutex_);
  entries_.erase(tokenHash);
}

std::size_t SessionCache::size() const {
  std::lock_guard lock(mutex_);
  return entries_.size();
}

// A full sweep costs O(capacity), but only when the cache is full, and it usually frees many
// entries at once; an LRU list would cost on every hit instead.
void SessionCache::evictOne(std::int64_t nowMs) {
  std::erase_if(entries_, [nowMs](const auto& entry) { return entry.second.expiresMs <= nowMs; });
  if (entries_.size() >= capacity_) entries_.erase(entries_.begin());
}

}  // namespace tengen::site
