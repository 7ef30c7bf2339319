#include "site/ratings/player_routes.h"

#include <boost/json/array.hpp>

#include <charconv>
#include <map>
#include <optional>
#include <string>

#include "base/quote_input.h"
#include "rating/rank.h"
#include "server/static_path.h"
#include "site/json_http.h"
#include "site/route_query.h"
#include "site/pool_routes.h"
#include "site/vacation/vacation_bank.h"

namespace tengen::site {

namespace json = boost::json;
using server::HttpRequestView;
using server::HttpResponder;
using server::HttpResponse;

namespace {

constexpr std::string_view kPlayersPrefix = "/api/players/";
constexpr int kHistoryPoints = 200;
constexpr int kGamesPerPage = 20;

json::object ratingJson(const store::CategoryRating& r) {
  const rating::Rating value{r.rating, r.deviation, r.volatility};
  return json::object{{"rating", r.rating},
                      {"deviation", r.deviation},
                      {"volatility", r.volatility},
                      {"games", r.games},
                      {"rank", rating::displayRank(value)},
                      {"provisional", rating::isProvisional(value)}};
}

HttpResponse storeError(const Error& error) { return storeFailure(error, "players"); }

HttpResponse player(store::Store& store, const std::string& name) {
  auto user = store.findUserByName(name);
  if (!user) return storeError(user.error());
  if (!*user) return jsonError(404, "not_found", "no player '" + inputPrefix(name) + "'");
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
  auto vacation = store.vacationOf((*user)->id);
  if (!vacation) return storeError(vacation.error());
  // Public, as on the board: opponents see why a clock stands still and until when.
  json::value away = nullptr;
  if (*vacation && (*vacation)->sinceMs) {
    if (const auto ends = vacationEndsAtMs(**vacation); ends && *ends > nowMs()) {
      away = json::object{{"sinceMs", *(*vacation)->sinceMs}, {"endsAtMs", *ends}};
    }
  }
  return jsonResponse(
      200,
      json::object{{"name", (*user)->name},
                   {"guest", guest},
                   {"rank", guest ? json::value(nullptr)
                                  : json::value(rating::displayRank(
                                        {overall.rating, overall.deviation, overall.volatility}))},
                   {"ratings", guest ? json::object{} : std::move(byCategory)},
                   {"vacation", std::move(away)},
                   {"history", std::move(points)}});
}

// The whole number `key` of the query in low..high; `low` when absent, nullopt when malformed.
std::optional<int> queryInt(std::string_view query, std::string_view key, int low, int high) {
  const auto text = queryValue(query, key);
  if (!text) return low;
  int value = 0;
  const auto [end, ec] = std::from_chars(text->data(), text->data() + text->size(), value);
  if (ec != std::errc{} || end != text->data() + text->size() || value < low || value > high) {
    return std::nullopt;
  }
  return value;
}

json::value seatJson(store::Store& store, int64_t userId, std::map<int64_t, json::value>& names) {
  if (userId == 0) return nullptr;
  if (auto it = names.find(userId); it != names.end()) return it->second;
  auto user = store.findUserById(userId);
  json::value seat = nullptr;
  if (user && *user) seat = json::object{{"id", userId}, {"name", (*user)->name}};
  names[userId] = seat;
  return seat;
}

HttpResponse games(store::Store& store, const std::string& name, int size, int page) {
  auto user = store.findUserByName(name);
  if (!user) return storeError(user.error());
  if (!*user) return jsonError(404, "not_found", "no player '" + inputPrefix(name) + "'");
  // One more than a page says whether another follows.
  auto rows = store.listFinishedGamesOf((*user)->id, size, page * kGamesPerPage, kGamesPerPage + 1);
  if (!rows) return storeError(rows.error());
  const bool more = static_cast<int>(rows->size()) > kGamesPerPage;
  if (more) rows->pop_back();
  std::map<int64_t, json::value> names;
  json::array list;
  for (const store::GameSettings& g : *rows) {
    list.push_back(json::object{{"id", g.id},
                                {"size", g.size},
                                {"rules", g.rules.toString()},
                                {"komi", g.rules.komi},
                                {"handicap", g.handicap},
                                {"black", seatJson(store, g.blackUserId, names)},
                                {"white", seatJson(store, g.whiteUserId, names)},
                                {"result", g.result ? g.result->toSgf() : std::string()},
                                {"rated", g.rated},
                                {"createdMs", g.createdMs}});
  }
  return jsonResponse(
      200,
      json::object{
          {"games", std::move(list)}, {"page", page}, {"pageSize", kGamesPerPage}, {"more", more}});
}

}  // namespace

void addPlayerRoutes(server::Router& router, SiteContext& context) {
  router.addAsyncPrefix(
      server::HttpMethod::Get, std::string(kPlayersPrefix),
      [&context](const HttpRequestView& request, HttpResponder respond) {
        std::string_view rest = request.path.substr(kPlayersPrefix.size());
        const bool gameList = rest.ends_with("/games");
        if (gameList) rest.remove_suffix(6);
        // Names are sent percent-encoded: the built-in bots' have spaces ("Tengen%20Easy").
        auto decoded = server::percentDecode(rest);
        const std::string name = decoded ? *decoded : std::string{};
        if (name.empty() || name.size() > 40 || name.find('/') != std::string::npos) {
          return respond(jsonError(404, "not_found", "no such player"));
        }
        const auto size = queryInt(request.query, "size", 0, 25);
        const auto page = queryInt(request.query, "page", 0, 100000);
        if (gameList && (!size || !page)) {
          return respond(
              jsonError(400, "bad_request", "size must be 0..25 and page a whole number from 0"));
        }
        answerOnPool(
            context.blocking, std::move(respond),
            [&context, name, gameList, size = size.value_or(0), page = page.value_or(0)] {
              return gameList ? games(context.store, name, size, page)
                              : player(context.store, name);
            },
            "players");
      });
}

}  // namespace tengen::site
