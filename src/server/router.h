#pragma once

// The HTTP routing table: method plus exact path or path prefix → handler. Exact routes win
// over prefixes, longer prefixes over shorter ones. A GET route also answers HEAD (the session
// drops the body). A path that matches a route under another method gets 405 with `Allow`.
//
// Handlers run on the connection's strand. A synchronous handler (`add`) must not block for
// long. Work that does (password hashing, store reads) goes in an asynchronous handler
// (`addAsync`): it copies what it needs from the request view, hands the work to another
// thread and calls `respond` later.

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "server/http_message.h"

namespace tengen::server {

using HttpHandler = std::function<HttpResponse(const HttpRequestView&)>;
// Delivers the response of one request. Call it exactly once, from any thread; later calls are
// ignored, and a call after the connection has gone is harmless.
using HttpResponder = std::function<void(HttpResponse)>;
// The view is valid only during the call. A handler that never responds leaves the connection
// waiting until its read timeout, when the session answers 503 and closes.
using AsyncHttpHandler = std::function<void(const HttpRequestView&, HttpResponder respond)>;

class Router {
 public:
  void add(HttpMethod method, std::string path, HttpHandler handler);
  void addPrefix(HttpMethod method, std::string prefix, HttpHandler handler);
  void addAsync(HttpMethod method, std::string path, AsyncHttpHandler handler);
  void addAsyncPrefix(HttpMethod method, std::string prefix, AsyncHttpHandler handler);

  // Runs the matching route. Synchronous routes and 405 call `respond` before this returns,
  // asynchronous ones whenever their work is done. False (and `respond` untouched) when no
  // route matches. Exceptions from a handler propagate to the caller.
  bool dispatch(const HttpRequestView& request, const HttpResponder& respond) const;

  // The response if it is ready when the handler returns (synchronous routes, 405); nullopt
  // when nothing matches or an asynchronous route answers later. For tests and tools.
  std::optional<HttpResponse> route(const HttpRequestView& request) const;

 private:
  struct Route {
    HttpMethod method;
    std::string path;
    bool prefix;
    AsyncHttpHandler handler;  // synchronous handlers are wrapped to respond at once
  };
  static bool matches(const Route& route, std::string_view path);
  static bool methodMatches(HttpMethod routeMethod, HttpMethod requestMethod);
  static AsyncHttpHandler respondAtOnce(HttpHandler handler);

  std::vector<Route> routes_;
};

}  // namespace tengen::server
