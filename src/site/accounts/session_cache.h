#pragma once

// Token hash → user, in memory, in front of the store's session table. A WebSocket upgrade asks
// for its user on an I/O thread; with the cache, a reconnecting browser costs a map lookup
// instead of two store reads. Bounded, and each entry lives at most `maxAge`, so a session
// ended elsewhere (another server node) is noticed within that time. Thread-safe.

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

#include "server/message_handlers.h"

namespace tengen::site {

class SessionCache {
 public:
  SessionCache(std::size_t capacity, std::chrono::milliseconds maxAge);

  // The cached user, nullopt when not cached or expired at nowMs.
  std::optional<server::SessionUser> find(const std::string& tokenHash, std::int64_t nowMs);
  // Caches until the earlier of the session's expiry and nowMs + maxAge. When full, expired
  // entries go first, then an arbitrary one: a miss only costs a store read.
  void put(const std::string& tokenHash, server::SessionUser user, std::int64_t sessionExpiresMs,
           std::int64_t nowMs);
  void forget(const std::string& tokenHash);
  std::size_t size() const;

 private:
  struct Entry {
    server::SessionUser user;
    std::int64_t expiresMs = 0;
  };
  void evictOne(std::int64_t nowMs);

  const std::size_t capacity_;
  const std::chrono::milliseconds maxAge_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Entry> entries_;
};

}  // namespace tengen::site
