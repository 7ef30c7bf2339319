#pragma once

// JSON bodies for the site's REST routes: one shape for successes and one for errors
// (`{"error":{"code":…,"message":…}}`, docs/protocol.md), so every route answers alike.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <string>
#include <utility>

#include "base/json_text.h"
#include "server/http_message.h"

namespace tengen::site {

inline server::HttpResponse jsonResponse(int status, const boost::json::value& body) {
  server::HttpResponse response;
  response.status = status;
  response.contentType = "application/json; charset=utf-8";
  response.body = jsonText(body);  // 7.5, not Boost's 7.5E0
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

inline server::HttpResponse jsonError(int status, std::string code, std::string message) {
  boost::json::object error;
  error["code"] = std::move(code);
  error["message"] = std::move(message);
  boost::json::object body;
  body["error"] = std::move(error);
  return jsonResponse(status, body);
}

}  // namespace tengen::site
