#pragma once

// The site's state of one WebSocket session, kept in SessionContext::siteState: the games it
// watches, its lobby subscription and its message rate limit. Touched only on the session's
// strand (handlers) and by the close hook (after the last handler), so it needs no lock.

#include <chrono>
#include <cstdint>
#include <set>

#include "server/message_handlers.h"

namespace tengen::site {

// A token bucket: `ratePerSecond` messages per second on average, bursts up to `burst`.
class RateLimiter {
 public:
  RateLimiter(double ratePerSecond, double burst);
  // Takes one token at `now`; false when the bucket is empty (the message is refused).
  bool allow(std::chrono::steady_clock::time_point now);

 private:
  double ratePerSecond_;
  double burst_;
  double tokens_;
  std::chrono::steady_clock::time_point last_{};
};

// docs/protocol.md: at most 50 messages per second averaged over 3 seconds.
inline constexpr double kMessagesPerSecond = 50;
inline constexpr double kMessageBurst = 150;

struct SiteSession {
  std::set<int64_t> watched;
  bool lobby = false;
  bool turns = false;  // your_move pushes alone (turns_subscribe)
  RateLimiter limiter{kMessagesPerSecond, kMessageBurst};
};

// The session's site state, created on first use.
SiteSession& siteSession(server::SessionContext& session);
// nullptr when the session never used the site.
SiteSession* findSiteSession(server::SessionContext& session);

}  // namespace tengen::site
