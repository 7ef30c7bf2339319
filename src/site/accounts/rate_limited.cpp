#include "site/accounts/rate_limited.h"

#include <algorithm>
#include <cstdint>
#include <string>

#include "site/json_http.h"

namespace tengen::site {

server::HttpResponse rateLimited(std::chrono::milliseconds wait, std::string_view what) {
  const auto seconds = std::max<std::int64_t>(1, (wait.count() + 999) / 1000);
  server::HttpResponse response = jsonError(
      429, "rate_limited",
      "too many " + std::string(what) + "; try again in " + std::to_string(seconds) + " s");
  response.headers.emplace_back("Retry-After", std::to_string(seconds));
  return response;
}

}  // namespace tengen::site
