#include "site/accounts/guest_throttle.h"

#include <boost/asio/ip/address.hpp>

#include <algorithm>

#include "base/log.h"
#include "site/accounts/rate_limited.h"

namespace tengen::site {

std::string guestLimitKey(std::string_view address) {
  boost::system::error_code ec;
  const auto parsed = boost::asio::ip::make_address(std::string(address), ec);
  if (ec || parsed.is_v4()) return std::string(address);
  const auto v6 = parsed.to_v6();
  if (v6.is_v4_mapped()) {
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, v6).to_string();
  }
  auto bytes = v6.to_bytes();
  std::fill(bytes.begin() + 8, bytes.end(), 0);
  return boost::asio::ip::make_address_v6(bytes).to_string() + "/64";
}

GuestThrottle::GuestThrottle(GuestLimits limits)
    : addresses_(limits.perAddress, limits.trackedKeys) {}

std::optional<server::HttpResponse> GuestThrottle::admit(std::string_view address) {
  if (auto wait = addresses_.take(guestLimitKey(address))) {
    log::info("guest_rate_limited", {{"peer", address}});
    return rateLimited(*wait, "guest accounts from this address");
  }
  return std::nullopt;
}

}  // namespace tengen::site
