#include "site/accounts/login_throttle.h"

#include <algorithm>
#include <cctype>
#include <string>

#include "base/log.h"
#include "site/accounts/rate_limited.h"

namespace tengen::site {

namespace {

std::string lowerCase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

}  // namespace

LoginThrottle::LoginThrottle(LoginLimits limits)
    : addresses_(limits.perAddress, limits.trackedKeys),
      names_(limits.perAccount, limits.trackedKeys) {}

std::optional<server::HttpResponse> LoginThrottle::admit(std::string_view address,
                                                         std::optional<std::string_view> name) {
  if (auto wait = addresses_.take(std::string(address))) {
    log::info("login_rate_limited", {{"peer", address}, {"by", "address"}});
    return rateLimited(*wait, "login attempts from this address");
  }
  if (name) {
    if (auto wait = names_.take(lowerCase(*name))) {
      log::info("login_rate_limited", {{"peer", address}, {"by", "account"}});
      return rateLimited(*wait, "login attempts for this account");
    }
  }
  return std::nullopt;
}

void LoginThrottle::succeeded(std::string_view address, std::string_view name) {
  addresses_.giveBack(std::string(address));
  names_.giveBack(lowerCase(name));
}

}  // namespace tengen::site
