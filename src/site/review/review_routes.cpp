#include "site/review/review_routes.h"

#include <sodium.h>
#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>


#include "server/static_path.h"
#include "site/json_http.h"
#include "site/route_query.h"
#include "site/pool_routes.h"
#include "site/review/review_json.h"

namespace tengen::site {

namespace json = boost::json;
using server::HttpMethod;
using server::HttpRequestView;
using server::HttpResponder;
using server::HttpResponse;

namespace {

constexpr std::string_view kReviewsPrefix = "/api/reviews/";
constexpr std::string_view kLibraryPrefix = "/api/library/";
constexpr int kListLimit = 100;
constexpr std::size_t kMaxNameBytes = 200;

// The upload's JSON body: {"name": the file's name, "data": its bytes in base64}. Bytes, not
// text: an SGF file may be in any charset, which only its CA (or a guess) tells.
struct UploadBody {
  std::string name;
  std::string bytes;
};

Result<UploadBody> readUploadBody(std::string_view text) {
  boost::system::error_code error;
  const json::value parsed = json::parse(text, error);
  if (error || !parsed.is_object()) return fail("the body is a JSON object {name, data}");
  const json::object& body = parsed.as_object();
  const json::value* name = body.if_contains("name");
  if (!name || !name->is_string() || name->as_string().empty() ||
      name->as_string().size() > kMaxNameBytes) {
    return fail("\"name\" is the file's name, 1 to 200 bytes");
  }
  const json::value* data = body.if_contains("data");
  if (!data || !data->is_string()) return fail("\"data\" is the file's bytes in base64");
  const json::string& encoded = data->as_string();
  std::string bytes(encoded.size() / 4 * 3 + 3, '\0');
  std::size_t length = 0;
  if (sodium_base642bin(reinterpret_cast<unsigned char*>(bytes.data()), bytes.size(),
                        encoded.data(), encoded.size(), nullptr, &length, nullptr,
                        sodium_base64_VARIANT_ORIGINAL) != 0) {
    return fail("\"data\" is not base64");
  }
  bytes.resize(length);
  return UploadBody{std::string(name->as_string()), std::move(bytes)};
}

std::string reviewCookieOf(const HttpRequestView& request) {
  return std::string(request.header("Cookie").value_or(""));
}

json::object reviewRowJson(const store::ReviewRow& row) {
  return json::object{{"id", row.id},
                      {"title", row.title},
                      {"owner", reviewUserJson(ReviewUser{row.ownerId, row.ownerName})},
                      {"gameId", row.gameId},
                      {"createdMs", row.createdMs},
                      {"updatedMs", row.updatedMs}};
}

json::object uploadJson(const store::UploadRow& row) {
  return json::object{
      {"id", row.id},       {"name", row.name},           {"black", row.black},
      {"white", row.white}, {"sizeBytes", row.sizeBytes}, {"createdMs", row.createdMs}};
}

HttpResponse reviewSgf(ReviewService& reviews, int64_t id) {
  auto found = reviews.sgfOf(id);
  if (!found) return storeFailure(found.error(), "reviews");
  if (!*found) return jsonError(404, "not_found", "no review " + std::to_string(id));
  HttpResponse response;
  response.contentType = "application/x-go-sgf; charset=utf-8";
  response.body = std::move((*found)->second);
  response.headers.emplace_back("Content-Disposition", "attachment; filename=\"tengen-review-" +
                                                           std::to_string(id) + ".sgf\"");
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

HttpResponse listReviews(SiteContext& context, std::optional<int64_t> game, std::string owner) {
  Result<std::vector<store::ReviewRow>> rows;
  if (game) {
    rows = context.store.reviewsOfGame(*game, kListLimit);
  } else {
    auto user = context.store.findUserByName(owner);
    if (!user) return storeFailure(user.error(), "reviews");
    if (!*user) return jsonError(404, "not_found", "no player " + owner);
    rows = context.store.reviewsOfOwner((*user)->id, kListLimit);
  }
  if (!rows) return storeFailure(rows.error(), "reviews");
  json::array list;
  for (const store::ReviewRow& row : *rows) list.push_back(reviewRowJson(row));
  return jsonResponse(200, json::object{{"reviews", std::move(list)}});
}

HttpResponse libraryOf(SiteContext& context, const ReviewService& reviews, int64_t user) {
  auto rows = context.store.uploadsOf(user, reviews.limits().maxUploadsPerUser);
  if (!rows) return storeFailure(rows.error(), "library");
  auto totals = context.store.uploadTotalsOf(user);
  if (!totals) return storeFailure(totals.error(), "library");
  json::array list;
  for (const store::UploadRow& row : *rows) list.push_back(uploadJson(row));
  const ReviewServiceLimits& limits = reviews.limits();
  return jsonResponse(200,
                      json::object{{"uploads", std::move(list)},
                                   {"count", totals->first},
                                   {"bytes", totals->second},
                                   {"maxCount", limits.maxUploadsPerUser},
                                   {"maxBytes", limits.maxLibraryBytes},
                                   {"maxFileBytes", static_cast<int64_t>(limits.upload.maxBytes)}});
}

HttpResponse storeUpload(SiteContext& context, const ReviewService& reviews, int64_t user,
                         std::string name, const std::string& bytes) {
  const ReviewServiceLimits& limits = reviews.limits();
  auto read = readUpload(bytes, limits.upload);
  if (!read) return jsonError(400, "bad_sgf", read.error().toString());
  store::UploadRow row{0, user, std::move(name), read->black, read->white, 0, read->utf8, 0};
  // Checked and written in one step: two uploads at once cannot both pass the limits.
  auto id = context.store.createUploadWithin(row, limits.maxUploadsPerUser, limits.maxLibraryBytes);
  if (!id) return storeFailure(id.error(), "library");
  if (*id == 0) {
    auto totals = context.store.uploadTotalsOf(user);
    if (!totals) return storeFailure(totals.error(), "library");
    if (totals->first >= limits.maxUploadsPerUser) {
      return jsonError(409, "library_full",
                       "your library holds " + std::to_string(totals->first) +
                           " files, the most it keeps: delete some first");
    }
    return jsonError(409, "library_full",
                     "your library would pass " + std::to_string(limits.maxLibraryBytes) +
                         " bytes: delete some files first");
  }
  row.id = *id;
  row.sizeBytes = static_cast<int64_t>(row.sgf.size());
  json::object body{{"upload", uploadJson(row)}, {"games", read->games}};
  if (!read->warning.empty()) body["warning"] = read->warning;
  return jsonResponse(201, std::move(body));
}

}  // namespace

void addReviewRoutes(server::Router& router, SiteContext& context, ReviewService& reviews,
                     CookieUser cookieUser) {
  router.addAsyncPrefix(
      HttpMethod::Get, std::string(kReviewsPrefix),
      [&context, &reviews](const HttpRequestView& request, HttpResponder respond) {
        std::string_view rest = request.path.substr(kReviewsPrefix.size());
        if (!rest.ends_with(".sgf")) return respond(jsonError(404, "not_found", "no such page"));
        rest.remove_suffix(4);
        auto id = parsePositiveId(rest);
        if (!id) return respond(jsonError(404, "not_found", "no such review"));
        answerOnPool(
            context.blocking, std::move(respond),
            [&reviews, id = *id] { return reviewSgf(reviews, id); }, "reviews");
      });
  router.addAsync(
      HttpMethod::Get, "/api/reviews",
      [&context](const HttpRequestView& request, HttpResponder respond) {
        std::optional<int64_t> game;
        std::string owner;
        if (auto text = queryValue(request.query, "game")) {
          game = parsePositiveId(*text);
          if (!game) return respond(jsonError(400, "bad_request", "game must be a game id"));
        } else if (auto name = queryValue(request.query, "owner")) {
          auto decoded = server::percentDecode(*name);
          if (!decoded || decoded->empty()) {
            return respond(jsonError(400, "bad_request", "owner must be a player's name"));
          }
          owner = std::move(*decoded);
        } else {
          return respond(jsonError(400, "bad_request", "give game=ID or owner=NAME"));
        }
        answerOnPool(
            context.blocking, std::move(respond),
            [&context, game, owner] { return listReviews(context, game, owner); }, "reviews");
      });

  // The library: a registered player's own files, found by the session cookie.
  const auto player =
      [cookieUser](const HttpRequestView& request) -> std::expected<int64_t, HttpResponse> {
    auto user = cookieUser(reviewCookieOf(request));
    if (!user) return std::unexpected(jsonError(401, "not_logged_in", "log in first"));
    if (user->guest) {
      return std::unexpected(
          jsonError(403, "registered_only", "the library is for registered accounts"));
    }
    return user->id;
  };
  router.addAsync(
      HttpMethod::Get, "/api/library",
      [&context, &reviews, player](const HttpRequestView& request, HttpResponder respond) {
        auto user = player(request);
        if (!user) return respond(std::move(user.error()));
        answerOnPool(
            context.blocking, std::move(respond),
            [&context, &reviews, user = *user] { return libraryOf(context, reviews, user); },
            "library");
      });
  router.addAsync(
      HttpMethod::Post, "/api/library",
      [&context, &reviews, player](const HttpRequestView& request, HttpResponder respond) {
        auto user = player(request);
        if (!user) return respond(std::move(user.error()));
        auto body = readUploadBody(request.body);
        if (!body) return respond(jsonError(400, "bad_request", body.error().toString()));
        answerOnPool(
            context.blocking, std::move(respond),
            [&context, &reviews, user = *user, body = std::move(*body)]() mutable {
              return storeUpload(context, reviews, user, std::move(body.name), body.bytes);
            },
            "library");
      });
  router.addAsyncPrefix(HttpMethod::Delete, std::string(kLibraryPrefix),
                        [&context, player](const HttpRequestView& request, HttpResponder respond) {
                          auto user = player(request);
                          if (!user) return respond(std::move(user.error()));
                          auto id = parsePositiveId(request.path.substr(kLibraryPrefix.size()));
                          if (!id) return respond(jsonError(404, "not_found", "no such upload"));
                          answerOnPool(
                              context.blocking, std::move(respond),
                              [&context, user = *user, id = *id] {
                                auto deleted = context.store.deleteUpload(id, user);
                                if (!deleted) return storeFailure(deleted.error(), "library");
                                if (!*deleted) {
                                  return jsonError(
                                      404, "not_found",
                                      "no upload " + std::to_string(id) + " in your library");
                                }
                                return jsonResponse(200, json::object{{"deleted", id}});
                              },
                              "library");
                        });
}

}  // namespace tengen::site
