#pragma once

// Limits password attempts (login and registration) before they reach the hashing queue:
// every attempt costs an argon2id hash (password.h), and a flood of them from one client, or
// aimed at one account from many, would fill the queue and keep everybody else waiting. Each
// client address and each account name has a token bucket (token_buckets.h); an attempt
// takes a token from both, a successful login gives them back. Guests (limited apart, in
// guest_throttle.h), the lobby and games never pass through here.

#include <chrono>
#include <cstddef>
#include <optional>
#include <string_view>

#include "server/http_message.h"
#include "site/accounts/token_buckets.h"

namespace tengen::site {

struct LoginLimits {
  // 20 attempts at once per client address, then one every 3 s (20 a minute).
  BucketRule perAddress{20, std::chrono::seconds(3)};
  // 10 attempts at once per account name from all addresses together, then one every 30 s.
  BucketRule perAccount{10, std::chrono::seconds(30)};
  // Addresses and names tracked, each: bounds the memory (about 100 bytes a key).
  std::size_t trackedKeys = 10'000;
};

class LoginThrottle {
 public:
  explicit LoginThrottle(LoginLimits limits);

  // Takes an attempt for `address` and, when given, the account `name` (case-insensitive, as
  // names are). The refusal (429 `rate_limited` with Retry-After) when either is used up.
  std::optional<server::HttpResponse> admit(std::string_view address,
                                            std::optional<std::string_view> name);
  // The attempt was a correct login: it should not count against the address or the name.
  void succeeded(std::string_view address, std::string_view name);

 private:
  TokenBuckets addresses_;
  TokenBuckets names_;
};

}  // namespace tengen::site
