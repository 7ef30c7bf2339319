#pragma once

// The WebSockets of each login session, so ending a session (logout) also ends the sockets
// that were opened with it: otherwise a socket keeps acting as the user after the cookie is
// gone. Keyed by the opaque `SessionUser::loginKey` the authenticator gives (the session
// token's hash). Thread-safe; one mutex, held only to update the maps, never while closing.
//
// A socket that authenticates just before a logout but registers just after it would escape
// the close: so a closed key is remembered (the last kRememberedRevocations of them) and a
// later add() with it is refused.

#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <map>
#include <mutex>
#include <set>
#include <string>

namespace tengen::server {

class LoginSockets {
 public:
  static constexpr std::size_t kRememberedRevocations = 4096;

  // `close` must be thread-safe and quick (it posts to the socket's strand). False when the
  // key was already closed: the caller should treat the socket as not logged in.
  bool add(const std::string& loginKey, std::uint64_t socketId, std::function<void()> close);
  void remove(const std::string& loginKey, std::uint64_t socketId);
  // Closes every socket of the key and refuses it from now on; returns how many were open.
  std::size_t closeAll(const std::string& loginKey);
  // Whether closeAll ended the key (among the last kRememberedRevocations): a cached login
  // session ended by a ban must not authenticate again.
  bool revoked(const std::string& loginKey) const;
  std::size_t size() const;

 private:
  mutable std::mutex mutex_;
  std::map<std::string, std::map<std::uint64_t, std::function<void()>>> sockets_;
  std::set<std::string> revoked_;
  std::deque<std::string> revokedOrder_;  // oldest first, to forget them in order
};

}  // namespace tengen::server
