#include "site/rooms/game_routes.h"

#include <boost/json/array.hpp>

#include <optional>
#include <string>
#include <string_view>

#include "game/game_settings.h"
#include "go/rules.h"
#include "site/json_http.h"
#include "site/route_query.h"
#include "site/pool_routes.h"
#include "site/ratings/sgf_ranks.h"
#include "site/rooms/game_room.h"
#include "site/rooms/room_directory.h"
#include "site/rooms/room_loader.h"
#include "site/rooms/table_settings.h"

namespace tengen::site {

namespace json = boost::json;
using server::HttpRequestView;
using server::HttpResponder;
using server::HttpResponse;

namespace {

constexpr std::string_view kGamesPrefix = "/api/games/";
constexpr int kDefaultListLimit = 50;
constexpr int kMaxListLimit = 200;

HttpResponse rules() {
  json::array presets;
  for (go::Preset preset : go::kPresets) {
    const go::Rules rules = go::Rules::fromPreset(preset);
    json::object entry;
    entry["name"] = go::presetName(preset);
    entry["komi"] = rules.komi;
    // What the table form needs of the rules' procedures (go/rules.h), so that it never
    // keeps rules knowledge of its own.
    entry["freeHandicap"] = rules.allowsFreeHandicap();
    entry["removalPhase"] = rules.hasRemovalPhase();
    entry["handicapKomi"] = rules.komiFor(2);
    entry["scoring"] = rules.scoring == go::ScoringRule::Area ? "area" : "territory";
    entry["suicide"] = rules.allowsSuicide() ? "allowed" : "forbidden";
    entry["ko"] = rules.ko == go::KoRule::Simple       ? "simple"
                  : rules.ko == go::KoRule::Positional ? "positional"
                  : rules.ko == go::KoRule::Ing        ? "ing"
                                                       : "situational";
    presets.push_back(std::move(entry));
  }
  return jsonResponse(200, json::object{{"presets", std::move(presets)},
                                        {"default", go::Rules::forNewTable().toString()},
                                        {"maxKomi", go::kMaxKomi}});
}

// A game's summary: the live room's, or the replay of its log. nullopt for an unknown game.
Result<std::optional<json::object>> summaryOf(SiteContext& context, int64_t gameId) {
  if (auto room = context.rooms.find(gameId)) return room->summary();
  auto loaded = loadRoom(context.store, gameId);
  if (!loaded) return std::unexpected(loaded.error());
  if (!*loaded) return std::optional<json::object>{};
  return (*loaded)->machine.summaryJson();
}

HttpResponse storeError(const Error& error) { return storeFailure(error, "games"); }

HttpResponse listGames(SiteContext& context, std::optional<game::GameStatus> status, int limit) {
  auto rows = context.store.listGames(status, limit);
  if (!rows) return storeError(rows.error());
  json::array games;
  for (const store::GameSettings& row : *rows) {
    auto summary = summaryOf(context, row.id);
    if (!summary) return storeError(summary.error());
    if (*summary) games.push_back(std::move(**summary));
  }
  return jsonResponse(200, json::object{{"games", std::move(games)}});
}

HttpResponse oneGame(SiteContext& context, int64_t gameId) {
  auto summary = summaryOf(context, gameId);
  if (!summary) return storeError(summary.error());
  if (!*summary) return jsonError(404, "not_found", "no game " + std::to_string(gameId));
  json::object body{{"game", std::move(**summary)}};
  if (context.network) {
    // Which node runs the game (docs/scaling.md "Ownership"): the lease's holder, null when no
    // node holds a live lease (a finished game, or one a beat has yet to take over).
    auto lease = context.store.leaseOf(gameId);
    if (!lease) return storeError(lease.error());
    const bool live = *lease && !(*lease)->node.empty() && (*lease)->expiresMs > nowMs();
    body["node"] = live ? json::value((*lease)->node) : json::value(nullptr);
  }
  return jsonResponse(200, std::move(body));
}

HttpResponse sgfOf(SiteContext& context, int64_t gameId, bool review) {
  // From the store, the truth: everything durable, running games included.
  auto loaded = loadRoom(context.store, gameId);
  if (!loaded) return storeError(loaded.error());
  if (!*loaded) return jsonError(404, "not_found", "no game " + std::to_string(gameId));
  auto ranks = sgfRanksOf(context.store, (*loaded)->machine);
  if (!ranks) return storeError(ranks.error());
  HttpResponse response;
  response.contentType = "application/x-go-sgf; charset=utf-8";
  response.body = (*loaded)->machine.toSgf(*ranks);
  if (review && context.reviewedSgf) {
    auto reviewed = context.reviewedSgf(gameId, response.body);
    if (!reviewed) return storeError(reviewed.error());
    if (!*reviewed) {
      return jsonError(
          404, "no_review",
          "game " + std::to_string(gameId) + " has no engine review yet; ask for one first");
    }
    response.body = std::move(**reviewed);
  }
  response.headers.emplace_back(
      "Content-Disposition", "attachment; filename=\"tengen-" + std::to_string(gameId) + ".sgf\"");
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

}  // namespace

void addGameRoutes(server::Router& router, SiteContext& context) {
  router.add(server::HttpMethod::Get, "/api/rules", [](const HttpRequestView&) { return rules(); });

  router.addAsync(
      server::HttpMethod::Get, "/api/games",
      [&context](const HttpRequestView& request, HttpResponder respond) {
        std::optional<game::GameStatus> status;
        if (auto text = queryValue(request.query, "status"); text && !text->empty()) {
          status = game::parseGameStatus(*text);
          if (!status) {
            return respond(jsonError(400, "bad_request",
                                     "status must be open, playing, finished or cancelled"));
          }
        }
        int limit = kDefaultListLimit;
        if (auto text = queryValue(request.query, "limit")) {
          auto parsed = parsePositiveId(*text);
          if (!parsed || *parsed > kMaxListLimit) {
            return respond(jsonError(400, "bad_request", "limit must be an integer in 1..200"));
          }
          limit = static_cast<int>(*parsed);
        }
        answerOnPool(
            context.blocking, std::move(respond),
            [&context, status, limit] { return listGames(context, status, limit); }, "games");
      });

  // The prefix route serves /api/games/{id} and /api/games/{id}/sgf. These read on the
  // connection's strand: one indexed read of a game and its log, served from SQLite's page
  // cache.
  router.addPrefix(server::HttpMethod::Get, std::string(kGamesPrefix),
                   [&context](const HttpRequestView& request) {
                     std::string_view rest = request.path.substr(kGamesPrefix.size());
                     bool sgf = false;
                     if (rest.ends_with("/sgf")) {
                       sgf = true;
                       rest.remove_suffix(4);
                     }
                     auto gameId = parsePositiveId(rest);
                     if (!gameId) return jsonError(404, "not_found", "no such game");
                     const bool review = queryValue(request.query, "review") == "1";
                     return sgf ? sgfOf(context, *gameId, review) : oneGame(context, *gameId);
                   });
}

}  // namespace tengen::site
