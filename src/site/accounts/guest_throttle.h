#pragma once

// Limits how many guest accounts one client creates. A guest costs no hash, but each is a row
// in the users table and takes a name: unlimited, one client made hundreds a second, filling
// the table and, in time, the guest name space. Each client address has a token bucket
// (token_buckets.h); an IPv6 address counts by its /64, the block one subscriber is given, so
// that walking through the addresses of one's own network does not lift the limit.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "server/http_message.h"
#include "site/accounts/token_buckets.h"

namespace tengen::site {

struct GuestLimits {
  // 30 guests at once per client address (a classroom behind one router), then one every
  // 20 s: 180 an hour, where one client unlimited made over 700 a second.
  BucketRule perAddress{30, std::chrono::seconds(20)};
  // Addresses tracked: bounds the memory (about 100 bytes a key).
  std::size_t trackedKeys = 10'000;
};

// The key an address is limited by: an IPv4 address itself, an IPv6 address its /64 prefix
// ("2001:db8:1:2::/64"), an IPv4-mapped IPv6 address the IPv4 address; anything that is not
// an address, unchanged.
std::string guestLimitKey(std::string_view address);

class GuestThrottle {
 public:
  explicit GuestThrottle(GuestLimits limits);

  // Takes a guest for `address`: nullopt if allowed, else the refusal (429 `rate_limited`
  // with Retry-After).
  std::optional<server::HttpResponse> admit(std::string_view address);

 private:
  TokenBuckets addresses_;
};

}  // namespace tengen::site
