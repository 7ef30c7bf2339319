#pragma once

// The HTTP routing table: method plus exact path or path prefix → handler. Exact routes win
// over prefixes, longer prefixes over shorter ones. A GET route also answers HEAD (the session
// drops the body). A path that matches a route under another method gets 405 with `Allow`.
// Handlers run on the connection's strand and must not block for long.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/http_message.h"

namespace tengen::server {

using HttpHandler = std::function<HttpResponse(const HttpRequestView&)>;

class Router {
 public:
  void add(HttpMethod method, std::string path, HttpHandler handler);
  void addPrefix(HttpMethod method, std::string prefix, HttpHandler handler);

  // The handler's response, 405 if only other methods match, or nullopt when nothing matches.
  std::optional<HttpResponse> route(const HttpRequestView& request) const;

 private:
  struct Route {
    HttpMethod method;
    std::string path;
    bool prefix;
    HttpHandler handler;
  };
  static bool matches(const Route& route, std::string_view path);
  static bool methodMatches(HttpMethod routeMethod, HttpMethod requestMethod);

  std::vector<Route> routes_;
};

}  // namespace tengen::server
