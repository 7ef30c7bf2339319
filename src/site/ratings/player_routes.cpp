#include "site/ratings/player_routes.h"

#include <boost/asio/post.hpp>
#include <boost/json/array.hpp>

#include <string>

#include "base/log.h"
#include "rating/rank.h"
#include "site/json_http.h"

namespace tengen::site {

namespace json = boost::json;
using server::HttpRequestView;
using server::HttpResponder;
using server::HttpResponse;

namespace {

constexpr std::string_view kPrefix = "/api/players/";
constexpr int kHistoryPoints = 200;

json::object ratingJson(const store::CategoryRating& r) {
  const rating::Rating value{r.rating, r.deviation, r.volatility};
  return json::object{{"rating", r.rating},
                      {"deviation", r.deviation},
                      {"volatility", r.volatility},
                      {"games", r.games},
                      {"rank", rating::displayRank(value)},
                      {"provisional", rating::isProvisional(value)}};
}

HttpResponse storeError(const Error& error) {
  log::error("players_route_failed", {{"error", error.toString()}});
  return jsonError(500, "store_failed", "the store could not be read");
}

HttpResponse player(store::Store& store, const std::string& name) {
  auto user = store.findUserByName(name);
  if (!user) return storeError(user.error());
  if (!*user) return jsonError(404, "not_found", "no player '" + name + "'");
  auto ratings = store.ratingsOf((*user)->id);
  if (!ratings) return storeError(ratings.error());
  auto history = store.ratingHistory((*user)->id, kHistoryPoints);
  if (!history) return storeError(history.error());
  // A newcomer's overall rating until the first rated game.
  store::CategoryRating overall;
  overall.category = "overall";
  json::object byCategory;
  for (const store::CategoryRating& r : *ratings) {
    byCategory[r.category] = ratingJson(r);
    if (r.category == "overall") overall = r;
  }
  if (!byCategory.contains("overall")) byCategory["overall"] = ratingJson(overall);
  json::array points;
  for (const store::RatingPoint& p : *history) {
    points.push_back(json::object{{"category", p.category},
                                  {"game", p.gameId},
                                  {"rating", p.rating},
                                  {"deviation", p.deviation},
                                  {"atMs", p.atMs}});
  }
  const bool guest = (*user)->guest;
  return jsonResponse(
      200,
      json::object{{"name", (*user)->name},
                   {"guest", guest},
                   {"rank", guest ? json::value(nullptr)
                                  : json::value(rating::displayRank(
                                        {overall.rating, overall.deviation, overall.volatility}))},
                   {"ratings", guest ? json::object{} : std::move(byCategory)},
                   {"history", std::move(points)}});
}

}  // namespace

void addPlayerRoutes(server::Router& router, SiteContext& context) {
  router.addAsyncPrefix(
      server::HttpMethod::Get, std::string(kPrefix),
      [&context](const HttpRequestView& request, HttpResponder respond) {
        const std::string name(request.path.substr(kPrefix.size()));
        if (name.empty() || name.size() > 40 || name.find('/') != std::string::npos) {
          return respond(jsonError(404, "not_found", "no such player"));
        }
        boost::asio::post(context.blocking, [&context, respond = std::move(respond), name] {
          try {
            respond(player(context.store, name));
          } catch (const std::exception& e) {
            log::error("players_route_threw", {{"what", std::string_view(e.what())}});
            respond(jsonError(500, "internal_error", "the server failed to answer"));
          }
        });
      });
}

}  // namespace tengen::site
