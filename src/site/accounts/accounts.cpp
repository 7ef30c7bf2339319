#include "site/accounts/accounts.h"

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <utility>

#include "base/log.h"
#include "server/cookies.h"
#include "site/accounts/account_routes.h"
#include "site/accounts/password.h"
#include "site/json_http.h"

namespace tengen::site {

namespace {

using server::HttpMethod;
using server::HttpRequestView;
using server::HttpResponder;
using server::HttpResponse;

constexpr std::size_t kCacheCapacity = 10'000;
// How stale a cached session may be: bounds how long a logout on another node goes unnoticed.
constexpr std::chrono::minutes kCacheMaxAge{5};
// Beyond this many waiting jobs per thread, new requests get 503 at once: a flood of logins
// queues for seconds, not for ever, and holds no memory per request beyond the limit. The
// login throttle refuses most of a flood before it gets here.
constexpr int kMaxQueuedJobsPerThread = 64;
// Guests, logouts and /api/me: a store call each, no hashing.
constexpr int kPlainThreads = 1;
constexpr int kGuestNameAttempts = 20;
constexpr std::int64_t kSweepIntervalMs = 60 * 60 * 1000;

std::int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::system_clock::now().time_since_epoch())
      .count();
}

server::SessionUser sessionUser(const store::User& user) {
  return server::SessionUser{user.id, user.name, user.guest, {}};
}

HttpResponse storeFailed(std::string_view doing, const Error& error) {
  log::error("accounts_store_failed", {{"doing", doing}, {"error", error.toString()}});
  return jsonError(500, "internal_error", "the server could not " + std::string(doing));
}

// `guest-` and ten random digits: 10^10 names, of which the guests alive at any time (created
// at a limited rate per address and pruned when idle) use a tiny fraction, so a new name is
// nearly always free at the first try and the names cannot run out.
std::string newGuestName() {
  char digits[12];
  std::snprintf(digits, sizeof digits, "%05u%05u", randomBelow(100'000), randomBelow(100'000));
  return std::string(kGuestPrefix) + digits;
}

// 403 with the moderator's reason and, for a ban with an end, when it ends
// (docs/protocol.md, "Moderation").
HttpResponse bannedResponse(const store::RestrictionRow& ban) {
  boost::json::object error{{"code", "banned"},
                            {"message", "this account is banned: " + ban.reason},
                            {"reason", ban.reason},
                            {"untilMs", ban.untilMs}};
  return jsonResponse(403, boost::json::object{{"error", std::move(error)}});
}

HttpResponse badCredentials() {
  return jsonError(401, "bad_credentials", "unknown name or wrong password");
}

std::string cookieHeaderOf(const HttpRequestView& request) {
  return std::string(request.header("Cookie").value_or(""));
}

}  // namespace

Accounts::Lane::Lane(int threads)
    : pool(std::make_unique<boost::asio::thread_pool>(std::max(threads, 1))),
      maxQueued(kMaxQueuedJobsPerThread * std::max(threads, 1)) {}

Accounts::Accounts(store::Store& store, AccountsOptions options)
    : store_(store),
      options_(options),
      cache_(kCacheCapacity, kCacheMaxAge),
      throttle_(options.loginLimits),
      guestThrottle_(options.guestLimits),
      hashing_(options.hashThreads),
      plain_(kPlainThreads) {
  std::string dummyPassword = newSessionToken();
  dummyHash_ = hashPassword(dummyPassword).value_or("");
}

Accounts::~Accounts() { stop(); }

void Accounts::stop() {
  // Jobs already queued still run and answer.
  hashing_.pool->join();
  plain_.pool->join();
}

void Accounts::install(server::Server& server) {
  server::Router& router = server.router();
  router.addAsync(HttpMethod::Post, "/api/register",
                  [this](const HttpRequestView& request, HttpResponder respond) {
                    auto credentials = parseCredentials(request.body);
                    if (!credentials) {
                      return respond(jsonError(400, "bad_request", credentials.error()));
                    }
                    auto problem = checkNewName(credentials->name);
                    if (!problem) problem = checkNewPassword(credentials->password);
                    if (problem) return respond(jsonError(400, "bad_request", *problem));
                    if (auto refusal = throttle_.admit(request.remoteAddress, std::nullopt)) {
                      return respond(std::move(*refusal));
                    }
                    runOn(hashing_, std::move(respond),
                          [this, credentials = std::move(*credentials)] {
                            return registerUser(credentials.name, credentials.password);
                          });
                  });
  router.addAsync(HttpMethod::Post, "/api/login",
                  [this](const HttpRequestView& request, HttpResponder respond) {
                    auto credentials = parseCredentials(request.body);
                    if (!credentials) {
                      return respond(jsonError(400, "bad_request", credentials.error()));
                    }
                    if (auto refusal = throttle_.admit(request.remoteAddress, credentials->name)) {
                      return respond(std::move(*refusal));
                    }
                    runOn(hashing_, std::move(respond),
                          [this, credentials = std::move(*credentials),
                           address = std::string(request.remoteAddress)] {
                            return login(credentials.name, credentials.password, address);
                          });
                  });
  router.addAsync(HttpMethod::Post, "/api/guest",
                  [this](const HttpRequestView& request, HttpResponder respond) {
                    if (auto refusal = guestThrottle_.admit(request.remoteAddress)) {
                      return respond(std::move(*refusal));
                    }
                    runOn(plain_, std::move(respond), [this] { return startGuest(); });
                  });
  router.addAsync(HttpMethod::Post, "/api/logout",
                  [this](const HttpRequestView& request, HttpResponder respond) {
                    runOn(plain_, std::move(respond),
                          [this, cookie = cookieHeaderOf(request)] { return logout(cookie); });
                  });
  router.addAsync(HttpMethod::Get, "/api/me",
                  [this](const HttpRequestView& request, HttpResponder respond) {
                    runOn(plain_, std::move(respond),
                          [this, cookie = cookieHeaderOf(request)] { return me(cookie); });
                  });
  loginSockets_ = server.loginSockets();
  server.messageHandlers().setAuthenticator(
      [this](std::string_view cookieHeader) { return userForCookie(cookieHeader); });
}

void Accounts::runOn(Lane& lane, HttpResponder respond, std::function<HttpResponse()> work) {
  if (lane.queued.fetch_add(1) >= lane.maxQueued) {
    lane.queued.fetch_sub(1);
    log::warn("accounts_busy", {{"queued", lane.maxQueued}});
    return respond(jsonError(503, "busy", "too many account requests at once; try again"));
  }
  boost::asio::post(*lane.pool, [&lane, respond = std::move(respond), work = std::move(work)] {
    lane.queued.fetch_sub(1);
    try {
      return respond(work());
    } catch (const std::exception& e) {
      log::error("accounts_job_threw", {{"what", std::string_view(e.what())}});
    } catch (...) {
      log::error("accounts_job_threw", {});
    }
    respond(jsonError(500, "internal_error", "the server failed to handle the request"));
  });
}

HttpResponse Accounts::registerUser(const std::string& name, const std::string& password) {
  // A cheap read first: a taken name should not cost a hash.
  auto existing = store_.findUserByName(name);
  if (!existing) return storeFailed("look up the name", existing.error());
  if (*existing) return jsonError(409, "name_taken", "the name \"" + name + "\" is taken");
  auto hash = hashPassword(password);
  if (!hash) return storeFailed("hash the password", hash.error());
  auto created = store_.createUser(store::User{0, name, std::move(*hash), false, 0});
  if (!created) return storeFailed("create the account", created.error());
  // Taken between the read and the insert, by a request as fast as this one.
  if (!*created) return jsonError(409, "name_taken", "the name \"" + name + "\" is taken");
  log::info("account_registered", {{"user", (*created)->id}, {"name", name}});
  return startSession(201, **created);
}

HttpResponse Accounts::login(const std::string& name, const std::string& password,
                             const std::string& address) {
  // No password that long was ever accepted; refusing it here keeps huge inputs off the hash.
  if (password.size() > kMaxPasswordBytes) return badCredentials();
  auto found = store_.findUserByName(name);
  if (!found) return storeFailed("look up the name", found.error());
  const bool hasPassword = *found && !(*found)->guest && !(*found)->passwordHash.empty();
  // Unknown names and guests verify against the dummy hash: the same work, the same answer.
  const bool verified = verifyPassword(hasPassword ? (*found)->passwordHash : dummyHash_, password);
  if (!hasPassword || !verified) {
    log::info("login_failed", {{"known", hasPassword ? "yes" : "no"}});
    return badCredentials();
  }
  // Only after the password: a ban's reason is told to the account's owner, nobody else.
  auto ban = store_.restrictionOf((*found)->id, store::Restriction::Ban, nowMs());
  if (!ban) return storeFailed("read the account's standing", ban.error());
  if (*ban) {
    log::info("login_banned", {{"user", (*found)->id}});
    return bannedResponse(**ban);
  }
  log::info("login", {{"user", (*found)->id}});
  throttle_.succeeded(address, name);
  return startSession(200, **found);
}

HttpResponse Accounts::startGuest() {
  for (int attempt = 0; attempt < kGuestNameAttempts; ++attempt) {
    const std::string name = newGuestName();
    // An empty hash never verifies: a guest cannot log in by password, only by its cookie.
    auto created = store_.createUser(store::User{0, name, "", true, 0});
    if (!created) return storeFailed("create a guest", created.error());
    if (*created) {
      log::info("guest_started", {{"user", (*created)->id}, {"name", name}});
      return startSession(201, **created);
    }
  }
  log::error("guest_names_exhausted", {{"attempts", kGuestNameAttempts}});
  return jsonError(503, "busy", "no free guest name was found; try again");
}

HttpResponse Accounts::logout(const std::string& cookieHeader) {
  const auto token = server::findCookie(cookieHeader, kSessionCookie);
  if (token && looksLikeSessionToken(*token)) {
    const std::string tokenHash = sessionTokenHash(*token);
    cache_.forget(tokenHash);
    auto deleted = store_.deleteSession(tokenHash);
    if (!deleted) return storeFailed("end the session", deleted.error());
    // Again: a WebSocket upgrade may have cached the session while the row was being deleted.
    cache_.forget(tokenHash);
    // The session's sockets would otherwise go on acting as the user.
    if (loginSockets_) {
      const std::size_t closed = loginSockets_->closeAll(tokenHash);
      if (closed > 0) log::info("logout_closed_sockets", {{"sockets", closed}});
    }
  }
  return loggedOutResponse();
}

HttpResponse Accounts::me(const std::string& cookieHeader) {
  const auto user = userForCookie(cookieHeader);
  if (!user) return jsonError(401, "not_logged_in", "not logged in");
  return userResponse(200, *user, std::nullopt, {});
}

HttpResponse Accounts::startSession(int status, const store::User& user) {
  const std::string token = newSessionToken();
  const std::string tokenHash = sessionTokenHash(token);
  const std::int64_t now = nowMs();
  const auto lifetime = std::chrono::duration_cast<std::chrono::seconds>(options_.sessionLifetime);
  const std::int64_t expiresMs = now + lifetime.count() * 1000;
  auto created = store_.createSession(store::Session{tokenHash, user.id, expiresMs});
  if (!created) return storeFailed("start a session", created.error());
  cache_.put(tokenHash, sessionUser(user), expiresMs, now);
  sweepExpiredSessions(now);
  return userResponse(status, sessionUser(user), token, lifetime);
}

// Expired rows are never read again (findSession checks the time) but would pile up; an hourly
// sweep, piggybacked on a login that already runs on the pool, keeps the table small.
void Accounts::sweepExpiredSessions(std::int64_t now) {
  std::int64_t last = lastSweepMs_.load();
  if (now - last < kSweepIntervalMs || !lastSweepMs_.compare_exchange_strong(last, now)) return;
  auto swept = store_.deleteExpiredSessions(now);
  if (!swept) {
    log::warn("session_sweep_failed", {{"error", swept.error().toString()}});
  } else if (*swept > 0) {
    log::info("sessions_expired", {{"deleted", *swept}});
  }
  const std::int64_t ageMs =
      std::chrono::duration_cast<std::chrono::milliseconds>(options_.idleGuestAge).count();
  auto pruned = store_.deleteIdleGuests(now - ageMs, now);
  if (!pruned) {
    log::warn("guest_prune_failed", {{"error", pruned.error().toString()}});
  } else if (*pruned > 0) {
    log::info("guests_pruned", {{"deleted", *pruned}});
  }
}

std::optional<server::SessionUser> Accounts::userForCookie(std::string_view cookieHeader) {
  const auto token = server::findCookie(cookieHeader, kSessionCookie);
  if (!token || !looksLikeSessionToken(*token)) return std::nullopt;
  const std::string tokenHash = sessionTokenHash(*token);
  const std::int64_t now = nowMs();
  // A session ended elsewhere (a ban: site/moderation) may still sit in the cache.
  if (loginSockets_ && loginSockets_->revoked(tokenHash)) {
    cache_.forget(tokenHash);
    return std::nullopt;
  }
  if (auto cached = cache_.find(tokenHash, now)) {
    cached->loginKey = tokenHash;
    return cached;
  }
  auto session = store_.findSession(tokenHash, now);
  if (!session) {
    log::warn("session_lookup_failed", {{"error", session.error().toString()}});
    return std::nullopt;
  }
  if (!*session) return std::nullopt;
  auto user = store_.findUserById((*session)->userId);
  if (!user) {
    log::warn("session_lookup_failed", {{"error", user.error().toString()}});
    return std::nullopt;
  }
  if (!*user) return std::nullopt;  // the account is gone (sessions cascade; a race at most)
  server::SessionUser result = sessionUser(**user);
  cache_.put(tokenHash, result, (*session)->expiresMs, now);
  result.loginKey = tokenHash;
  return result;
}

}  // namespace tengen::site
