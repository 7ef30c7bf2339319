#pragma once

// The answer to a request refused by a per-address or per-account limit (login_throttle.h,
// guest_throttle.h): 429 `rate_limited`, a message saying what was limited and when to come
// back, and the same wait as Retry-After.

#include <chrono>
#include <string_view>

#include "server/http_message.h"

namespace tengen::site {

// `what` completes "too many …", e.g. "login attempts from this address". The wait is rounded
// up to whole seconds, at least one.
server::HttpResponse rateLimited(std::chrono::milliseconds wait, std::string_view what);

}  // namespace tengen::site
