#include "server/request_guard.h"

#include <boost/json/object.hpp>
#include <boost/json/serialize.hpp>

#include "base/quote_input.h"
#include "server/http_message.h"
#include "server/origin_policy.h"

namespace tengen::server {

HttpResponse jsonErrorResponse(int status, std::string_view code, std::string_view message) {
  boost::json::object error;
  error["code"] = code;
  error["message"] = message;
  HttpResponse response;
  response.status = status;
  response.contentType = "application/json; charset=utf-8";
  response.body = boost::json::serialize(boost::json::object{{"error", std::move(error)}});
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

bool changesState(const HttpRequestView& request) {
  const bool writes = request.method == HttpMethod::Post || request.method == HttpMethod::Put ||
                      request.method == HttpMethod::Delete || request.method == HttpMethod::Patch;
  return writes && request.path.starts_with("/api/");
}

bool isJsonContentType(std::string_view contentType) {
  const std::string_view mediaType = trimBlanks(contentType.substr(0, contentType.find(';')));
  return equalsIgnoreCase(mediaType, "application/json");
}

std::optional<HttpResponse> refuseUnsafeRequest(const HttpRequestView& request,
                                                const std::vector<std::string>& allowedOrigins) {
  if (!changesState(request)) return std::nullopt;
  const auto fetchSite = request.header("Sec-Fetch-Site");
  if (fetchSite && equalsIgnoreCase(trimBlanks(*fetchSite), "cross-site")) {
    return jsonErrorResponse(403, "cross_site_request",
                             "requests from other sites may not change anything here "
                             "(Sec-Fetch-Site: cross-site)");
  }
  const auto origin = request.header("Origin");
  if (origin && !isOriginAllowed(origin, request.header("Host"), allowedOrigins)) {
    return jsonErrorResponse(
        403, "cross_site_request",
        "requests from the origin " + quoteInput(*origin) + " may not change anything here");
  }
  if (!isJsonContentType(request.header("Content-Type").value_or(""))) {
    return jsonErrorResponse(415, "unsupported_media_type",
                             "the body must be sent as application/json");
  }
  return std::nullopt;
}

}  // namespace tengen::server
