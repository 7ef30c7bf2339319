#pragma once

// Accounts and login sessions: the REST routes of docs/protocol.md "Accounts (REST)" and the
// WebSocket's user ("Identity on the socket").
//
//   Accounts accounts(store);
//   accounts.install(server);   // before server.start()
//   ...
//   server.stop();
//   accounts.stop();            // before the server is destroyed; then the server and the store
//
// Password hashing runs on the accounts' own small thread pool, the other store calls (guests,
// logout, me) on a second one, never on an I/O thread: a queue of logins never delays a guest.
// The routes answer through Router::addAsync. Login and registration attempts are rate-limited
// per client address and per account name before they are queued (login_throttle.h), guests
// per client address (guest_throttle.h). Only
// userForCookie runs on the caller's thread, behind an in-memory cache.

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_message.h"
#include "server/message_handlers.h"
#include "server/router.h"
#include "server/server.h"
#include "site/accounts/guest_throttle.h"
#include "site/accounts/login_throttle.h"
#include "site/accounts/session_cache.h"
#include "store/store.h"

namespace boost::asio {
class thread_pool;
}

namespace tengen::site {

struct AccountsOptions {
  std::chrono::hours sessionLifetime{24 * 30};
  // Threads that hash passwords and call the store. Each hash holds 64 MiB while it runs
  // (password.h), so this also bounds the memory a burst of logins takes.
  int hashThreads = 1;
  // Login and registration attempts per address and per account name (login_throttle.h).
  LoginLimits loginLimits;
  // Guest accounts per client address (guest_throttle.h).
  GuestLimits guestLimits;
  // Guests older than this that never sat at a game and hold no valid session are deleted by
  // the hourly sweep, so visitors who only looked do not pile up as accounts.
  std::chrono::hours idleGuestAge{24 * 7};
};

class Accounts {
 public:
  // Hashes one password (the dummy below), so constructing takes about a tenth of a second.
  Accounts(store::Store& store, AccountsOptions options = {});
  // stop(). Destroy it after the server has stopped: the routes and the authenticator it
  // installed refer to it.
  ~Accounts();
  Accounts(const Accounts&) = delete;
  Accounts& operator=(const Accounts&) = delete;

  // Registers POST /api/register, /api/login, /api/guest, /api/logout and GET /api/me on
  // server.router(), and the WebSocket authenticator (server.messageHandlers().setAuthenticator).
  // A logout closes the WebSockets of its session (server.loginSockets()). Call before
  // server.start().
  void install(server::Server& server);

  // Joins its threads: jobs already queued still run and answer. Call it after server.stop()
  // and before the server is destroyed: a job answers through its HTTP session, whose socket
  // belongs to the server's io_context, and may hold the last reference to that session. Run
  // after the io_context is gone, the session's destructor would use the freed strand service.
  // Idempotent.
  void stop();

  // The user a Cookie header's tengen_session token belongs to; nullopt if none, unknown or
  // expired. Thread-safe; a cache hit is a map lookup, a miss two indexed store reads.
  std::optional<server::SessionUser> userForCookie(std::string_view cookieHeader);

 private:
  // A thread pool with a bounded queue.
  struct Lane {
    explicit Lane(int threads);
    std::unique_ptr<boost::asio::thread_pool> pool;
    std::atomic<int> queued{0};
    int maxQueued = 0;
  };
  // Runs `work` on the lane and responds with its result (500 if it throws, 503 when too many
  // jobs already wait).
  void runOn(Lane& lane, server::HttpResponder respond, std::function<server::HttpResponse()> work);

  server::HttpResponse registerUser(const std::string& name, const std::string& password);
  server::HttpResponse login(const std::string& name, const std::string& password,
                             const std::string& address);
  server::HttpResponse startGuest();
  server::HttpResponse logout(const std::string& cookieHeader);
  server::HttpResponse me(const std::string& cookieHeader);

  // Creates a session for `user` and answers `{"user":…}` with its cookie.
  server::HttpResponse startSession(int status, const store::User& user);
  void sweepExpiredSessions(std::int64_t nowMs);

  store::Store& store_;
  const AccountsOptions options_;
  SessionCache cache_;
  // A real argon2id hash of a random password: logins of unknown users and guests verify
  // against it, so a failed login takes as long whether the name exists or not.
  std::string dummyHash_;
  std::atomic<std::int64_t> lastSweepMs_{0};
  LoginThrottle throttle_;
  GuestThrottle guestThrottle_;
  // Set by install(): the sockets a logout closes.
  std::shared_ptr<server::LoginSockets> loginSockets_;
  // Declared last, so joined first: their jobs use everything above.
  Lane hashing_;
  Lane plain_;
};

}  // namespace tengen::site
