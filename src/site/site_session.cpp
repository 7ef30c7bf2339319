#include "site/site_session.h"

#include <algorithm>
#include <memory>

namespace tengen::site {

RateLimiter::RateLimiter(double ratePerSecond, double burst)
    : ratePerSecond_(ratePerSecond), burst_(burst), tokens_(burst) {}

bool RateLimiter::allow(std::chrono::steady_clock::time_point now) {
  if (last_ != std::chrono::steady_clock::time_point{}) {
    const double seconds = std::chrono::duration<double>(now - last_).count();
    tokens_ = std::min(burst_, tokens_ + std::max(0.0, seconds) * ratePerSecond_);
  }
  last_ = now;
  if (tokens_ < 1) return false;
  tokens_ -= 1;
  return true;
}

SiteSession& siteSession(server::SessionContext& session) {
  if (!session.siteState) session.siteState = std::make_shared<SiteSession>();
  return *std::static_pointer_cast<SiteSession>(session.siteState);
}

SiteSession* findSiteSession(server::SessionContext& session) {
  return static_cast<SiteSession*>(session.siteState.get());
}

}  // namespace tengen::site
