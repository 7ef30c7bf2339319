#include "site/tournaments/tournament_routes.h"

#include <boost/json/array.hpp>

#include <string>

#include "site/json_http.h"
#include "site/route_query.h"
#include "site/pool_routes.h"
#include "site/tournaments/tournament_json.h"
#include "site/tournaments/tournament_service.h"
#include "site/tournaments/tournament_sgf.h"
#include "tournament/egf_results.h"

namespace tengen::site {

namespace json = boost::json;
using server::HttpRequestView;
using server::HttpResponder;
using server::HttpResponse;

namespace {

constexpr std::string_view kTournamentsPath = "/api/tournaments";
constexpr std::string_view kTournamentsPrefix = "/api/tournaments/";
constexpr std::string_view kResultsFileSuffix = "/results.txt";
constexpr std::string_view kGamesFileSuffix = "/games.sgf";
constexpr int kTournamentListLimit = 100;

HttpResponse tournamentListResponse(store::Store& store) {
  auto rows = store.listTournaments(kTournamentListLimit);
  if (!rows) return storeFailure(rows.error(), "tournaments");
  json::array tournaments;
  for (const store::TournamentRow& row : *rows) tournaments.push_back(tournamentSummaryJson(row));
  return jsonResponse(200, json::object{{"tournaments", std::move(tournaments)}});
}

HttpResponse tournamentResponse(TournamentService& service, int64_t id) {
  auto answer = service.show(id);
  if (!answer) {
    if (answer.error().code == "not_found")
      return jsonError(404, "not_found", answer.error().message);
    return jsonError(500, answer.error().code, answer.error().message);
  }
  return jsonResponse(200, answer->at("tournament"));
}

enum class TournamentFile { None, Results, Games };

HttpResponse tournamentFileResponse(store::Store& store, int64_t id, TournamentFile file) {
  auto stored = store.loadTournament(id);
  if (!stored) return storeFailure(stored.error(), "tournaments");
  if (!*stored) return jsonError(404, "not_found", "no tournament " + std::to_string(id));
  auto state = tournamentState(std::move(**stored));
  if (!state) return storeFailure(state.error(), "tournaments");
  HttpResponse response;
  if (file == TournamentFile::Results) {
    response =
        HttpResponse::text(200, tournament::egfResults(state->startedRounds(), state->config.name));
  } else {
    auto games = tournamentGamesSgf(store, *state);
    if (!games) return storeFailure(games.error(), "tournaments");
    response.contentType = "application/x-go-sgf; charset=utf-8";
    response.body = std::move(*games);
    response.headers.emplace_back("Content-Disposition", "attachment; filename=\"tournament-" +
                                                             std::to_string(id) + ".sgf\"");
  }
  response.headers.emplace_back("Cache-Control", "no-store");
  return response;
}

}  // namespace

void addTournamentRoutes(server::Router& router, SiteContext& context, TournamentService& service) {
  router.addAsync(server::HttpMethod::Get, std::string(kTournamentsPath),
                  [&context](const HttpRequestView&, HttpResponder respond) {
                    answerOnPool(
                        context.blocking, std::move(respond),
                        [&context] { return tournamentListResponse(context.store); },
                        "tournaments");
                  });
  router.addAsyncPrefix(
      server::HttpMethod::Get, std::string(kTournamentsPrefix),
      [&context, &service](const HttpRequestView& request, HttpResponder respond) {
        std::string_view rest = request.path.substr(kTournamentsPrefix.size());
        TournamentFile file = TournamentFile::None;
        if (rest.ends_with(kResultsFileSuffix)) {
          file = TournamentFile::Results;
          rest.remove_suffix(kResultsFileSuffix.size());
        } else if (rest.ends_with(kGamesFileSuffix)) {
          file = TournamentFile::Games;
          rest.remove_suffix(kGamesFileSuffix.size());
        }
        const auto parsed = parsePositiveId(rest);
        if (!parsed) return respond(jsonError(404, "not_found", "no such tournament"));
        const int64_t id = *parsed;
        answerOnPool(
            context.blocking, std::move(respond),
            [&context, &service, id, file] {
              return file == TournamentFile::None ? tournamentResponse(service, id)
                                                  : tournamentFileResponse(context.store, id, file);
            },
            "tournaments");
      });
}

}  // namespace tengen::site
