#pragma once

// Every live session, so Server::stop() can close them all. The only shared map of the
// transport layer; its mutex is held only to add, remove or snapshot.

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>

namespace tengen::server {

class SessionHandle {
 public:
  virtual ~SessionHandle() = default;
  // Thread-safe: ask the session to close (it posts to its own strand).
  virtual void shutdown() = 0;
  // Thread-safe: close the socket now, abandoning any handshake in progress.
  virtual void forceClose() = 0;
};

class SessionRegistry {
 public:
  std::uint64_t nextId();
  // False once stopping: the caller should close right away.
  bool add(std::uint64_t id, std::weak_ptr<SessionHandle> session);
  void remove(std::uint64_t id);
  // Marks the registry stopping and asks every live session to close.
  void shutdownAll();
  // Force-closes every session still alive (after the grace period of a stop).
  void forceCloseAll();
  // True if every session has gone within `timeout`.
  bool waitUntilEmpty(std::chrono::milliseconds timeout);
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::condition_variable emptied_;
  std::unordered_map<std::uint64_t, std::weak_ptr<SessionHandle>> sessions_;
  std::uint64_t nextId_ = 1;
  bool stopping_ = false;
};

}  // namespace tengen::server
