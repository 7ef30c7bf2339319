#pragma once

// What the site's REST routes that read the store share: running the read on the blocking pool
// and answering store errors and escaped exceptions alike. `route` names the route family in
// the log ("games" logs games_route_failed and games_route_threw).

#include <boost/asio/post.hpp>
#include <boost/asio/thread_pool.hpp>

#include <exception>
#include <functional>
#include <string>
#include <string_view>

#include "base/log.h"
#include "base/result.h"
#include "server/router.h"
#include "site/json_http.h"

namespace tengen::site {

// A store error as `500 store_failed`, logged.
inline server::HttpResponse storeFailure(const Error& error, std::string_view route) {
  log::error(std::string(route) + "_route_failed", {{"error", error.toString()}});
  return jsonError(500, "store_failed", "the store could not be read");
}

// Runs `work` on `pool` and answers with its response; an exception becomes
// `500 internal_error`, logged.
inline void answerOnPool(boost::asio::thread_pool& pool, server::HttpResponder respond,
                         std::function<server::HttpResponse()> work, std::string_view route) {
  boost::asio::post(
      pool, [respond = std::move(respond), work = std::move(work), route = std::string(route)] {
        try {
          respond(work());
        } catch (const std::exception& e) {
          log::error(route + "_route_threw", {{"what", std::string_view(e.what())}});
          respond(jsonError(500, "internal_error", "the server failed to answer"));
        }
      });
}

}  // namespace tengen::site
