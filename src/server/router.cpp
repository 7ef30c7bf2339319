#include "server/router.h"

#include <memory>
#include <utility>

namespace tengen::server {

AsyncHttpHandler Router::respondAtOnce(HttpHandler handler) {
  return
      [handler = std::move(handler)](const HttpRequestView& request, const HttpResponder& respond) {
        respond(handler(request));
      };
}

void Router::add(HttpMethod method, std::string path, HttpHandler handler) {
  routes_.push_back(Route{method, std::move(path), false, respondAtOnce(std::move(handler))});
}

void Router::addPrefix(HttpMethod method, std::string prefix, HttpHandler handler) {
  routes_.push_back(Route{method, std::move(prefix), true, respondAtOnce(std::move(handler))});
}

void Router::addAsync(HttpMethod method, std::string path, AsyncHttpHandler handler) {
  routes_.push_back(Route{method, std::move(path), false, std::move(handler)});
}

void Router::addAsyncPrefix(HttpMethod method, std::string prefix, AsyncHttpHandler handler) {
  routes_.push_back(Route{method, std::move(prefix), true, std::move(handler)});
}

bool Router::matches(const Route& route, std::string_view path) {
  return route.prefix ? path.starts_with(route.path) : path == route.path;
}

bool Router::methodMatches(HttpMethod routeMethod, HttpMethod requestMethod) {
  return routeMethod == requestMethod ||
         (routeMethod == HttpMethod::Get && requestMethod == HttpMethod::Head);
}

bool Router::dispatch(const HttpRequestView& request, const HttpResponder& respond) const {
  // The most specific matching path decides: an exact path, else the longest prefix. Only
  // routes with that same path compete on method, so `POST /healthz` is 405 even though the
  // static-file prefix `/` would take a GET.
  const Route* best = nullptr;
  for (const Route& route : routes_) {
    if (!matches(route, request.path)) continue;
    if (best == nullptr || (best->prefix && !route.prefix) ||
        (best->prefix == route.prefix && route.path.size() > best->path.size())) {
      best = &route;
    }
  }
  if (best == nullptr) return false;
  std::string allow;
  for (const Route& route : routes_) {
    if (route.prefix != best->prefix || route.path != best->path) continue;
    if (methodMatches(route.method, request.method)) {
      route.handler(request, respond);
      return true;
    }
    if (!allow.empty()) allow += ", ";
    allow += httpMethodName(route.method);
    if (route.method == HttpMethod::Get) allow += ", HEAD";
  }
  HttpResponse response = HttpResponse::text(405, "method not allowed");
  response.headers.emplace_back("Allow", allow);
  respond(std::move(response));
  return true;
}

std::optional<HttpResponse> Router::route(const HttpRequestView& request) const {
  // Shared, not captured by reference: an asynchronous handler may keep the responder and
  // call it after this has returned.
  auto answer = std::make_shared<std::optional<HttpResponse>>();
  dispatch(request, [answer](HttpResponse response) {
    if (!*answer) *answer = std::move(response);
  });
  return std::move(*answer);
}

}  // namespace tengen::server
