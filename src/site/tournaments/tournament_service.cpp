#include "site/tournaments/tournament_service.h"

#include <boost/json/array.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <map>
#include <utility>
#include <vector>

#include "base/log.h"
#include "rating/rank.h"
#include "site/tournaments/tournament_errors.h"
#include "site/tournaments/tournament_json.h"
#include "tournament/next_round.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

// A rank as the engine reads it, written back in its canonical form ("3k", "2d").
Result<std::string> canonicalTournamentRank(const std::string& text) {
  auto rank = tournament::parseRank(text);
  if (!rank) return std::unexpected(rank.error());
  return tournament::toString(*rank);
}

// The player's rank on the site, from the overall rating; nullopt before any rated game.
std::optional<std::string> siteRankOf(store::Store& store, int64_t user) {
  auto ratings = store.ratingsOf(user);
  if (!ratings) return std::nullopt;
  for (const store::CategoryRating& r : *ratings) {
    if (r.category == "overall" && r.games > 0) return rating::rankLabel(r.rating);
  }
  return std::nullopt;
}

}  // namespace

Result<std::optional<TournamentState>> TournamentService::load(int64_t id) {
  auto stored = context_.store.loadTournament(id);
  if (!stored) return std::unexpected(stored.error());
  if (!*stored) return std::optional<TournamentState>{};
  auto state = tournamentState(std::move(**stored));
  if (!state) return std::unexpected(state.error());
  return std::optional<TournamentState>{std::move(*state)};
}

TournamentAnswer TournamentService::answer(int64_t id) {
  auto state = found(id);
  if (!state) return std::unexpected(state.error());
  std::map<int64_t, std::string> names;
  for (int64_t d : state->stored.directors) {
    auto user = context_.store.findUserById(d);
    if (user && *user) names[d] = (*user)->name;
  }
  return json::object{{"type", "tournament"}, {"tournament", tournamentJson(*state, names)}};
}

std::expected<TournamentState, server::HandlerError> TournamentService::found(int64_t id) {
  auto state = load(id);
  if (!state) return tournamentStoreFailed(state.error());
  if (!*state) return tournamentRefusal("not_found", "no " + tournamentLabel(id));
  return std::move(**state);
}

std::expected<TournamentState, server::HandlerError> TournamentService::directedBy(
    const TournamentActor& actor, int64_t id) {
  auto state = found(id);
  if (state && !state->isDirector(actor.id)) {
    return tournamentRefusal("not_director", "only a director may");
  }
  return state;
}

TournamentAnswer TournamentService::show(int64_t id) { return answer(id); }

TournamentAnswer TournamentService::gamesInPlay(const TournamentActor& actor) {
  auto games = context_.store.tournamentGamesInPlay(actor.id);
  if (!games) return tournamentStoreFailed(games.error());
  json::array list;
  for (const store::TournamentGameInPlay& g : *games)
    list.push_back(tournamentGameJson(g, actor.id));
  return json::object{{"type", "tournament_games"}, {"games", std::move(list)}};
}

TournamentAnswer TournamentService::create(const TournamentActor& actor,
                                           const json::object& settings) {
  auto config = tournamentConfigFromJson(settings);
  if (!config) return tournamentRefusal("bad_request", config.error().message);
  auto id = context_.store.createTournament(store::TournamentRow{
      0, config->name, "registering", json::serialize(toJson(*config)), actor.id, 0});
  if (!id) return tournamentStoreFailed(id.error());
  log::info("tournament_created", {{"tournament", *id}, {"user", actor.id}});
  return answer(*id);
}

TournamentAnswer TournamentService::join(const TournamentActor& actor, int64_t id,
                                         const std::string& rankText) {
  std::lock_guard lock(mutex_);
  auto state = found(id);
  if (!state) return std::unexpected(state.error());
  if (state->stored.row.status != "registering") {
    return tournamentRefusal("registration_closed",
                             tournamentLabel(id) + " has started: ask a director to add you");
  }
  if (state->playerOf(actor.id))
    return tournamentRefusal("already_registered", "you are registered");
  std::string rank;
  if (!rankText.empty()) {
    auto canonical = canonicalTournamentRank(rankText);
    if (!canonical) return tournamentRefusal("bad_request", "rank: " + canonical.error().message);
    rank = *canonical;
  } else if (auto onSite = siteRankOf(context_.store, actor.id)) {
    rank = *onSite;
  } else {
    return tournamentRefusal("rank_required",
                             "you have no rated games yet: give your rank (\"5k\", \"1d\")");
  }
  auto saved = context_.store.saveTournamentEntrant(
      id, store::TournamentEntrant{actor.id, actor.name, rank, "", "", false, false});
  if (!saved) return tournamentStoreFailed(saved.error());
  return answer(id);
}

TournamentAnswer TournamentService::withdraw(const TournamentActor& actor, int64_t id) {
  std::lock_guard lock(mutex_);
  auto state = found(id);
  if (!state) return std::unexpected(state.error());
  const auto player = state->playerOf(actor.id);
  if (!player)
    return tournamentRefusal("not_registered", "you are not registered in " + tournamentLabel(id));
  // Before round 1 the registration goes; after, the row stays (the player's games count) and
  // the player is no longer paired.
  if (state->roundsPaired() == 0) {
    auto removed = context_.store.removeTournamentEntrant(id, actor.id);
    if (!removed) return tournamentStoreFailed(removed.error());
  } else {
    store::TournamentEntrant entrant = state->stored.entrants[*player];
    entrant.withdrawn = true;
    auto saved = context_.store.saveTournamentEntrant(id, entrant);
    if (!saved) return tournamentStoreFailed(saved.error());
  }
  return answer(id);
}

TournamentAnswer TournamentService::checkIn(const TournamentActor& actor, int64_t id) {
  std::lock_guard lock(mutex_);
  auto state = found(id);
  if (!state) return std::unexpected(state.error());
  const auto player = state->playerOf(actor.id);
  if (!player)
    return tournamentRefusal("not_registered", "you are not registered in " + tournamentLabel(id));
  if (state->roundsPaired() > 0) return tournamentRefusal("too_late", "round 1 has been paired");
  store::TournamentEntrant entrant = state->stored.entrants[*player];
  entrant.checkedIn = true;
  auto saved = context_.store.saveTournamentEntrant(id, entrant);
  if (!saved) return tournamentStoreFailed(saved.error());
  return answer(id);
}

TournamentAnswer TournamentService::addPlayer(const TournamentActor& actor, int64_t id,
                                              const std::string& name, const std::string& rank) {
  std::lock_guard lock(mutex_);
  auto state = directedBy(actor, id);
  if (!state) return std::unexpected(state.error());
  auto canonical = canonicalTournamentRank(rank);
  if (!canonical) return tournamentRefusal("bad_request", "rank: " + canonical.error().message);
  auto user = context_.store.findUserByName(name);
  if (!user) return tournamentStoreFailed(user.error());
  if (!*user || (*user)->guest)
    return tournamentRefusal("not_found", "no registered player of that name");
  const auto player = state->playerOf((*user)->id);
  // A director adding a registered player again sets the rank and checks the player in.
  store::TournamentEntrant entrant =
      player ? state->stored.entrants[*player]
             : store::TournamentEntrant{(*user)->id, (*user)->name, "", "", "", false, false};
  entrant.rank = *canonical;
  entrant.checkedIn = true;
  entrant.withdrawn = false;
  auto saved = context_.store.saveTournamentEntrant(id, entrant);
  if (!saved) return tournamentStoreFailed(saved.error());
  return answer(id);
}

TournamentAnswer TournamentService::removePlayer(const TournamentActor& actor, int64_t id,
                                                 const std::string& name) {
  std::lock_guard lock(mutex_);
  auto state = directedBy(actor, id);
  if (!state) return std::unexpected(state.error());
  auto user = context_.store.findUserByName(name);
  if (!user) return tournamentStoreFailed(user.error());
  const auto player = *user ? state->playerOf((*user)->id) : std::nullopt;
  if (!player) return tournamentRefusal("not_registered", "that player is not registered");
  if (state->roundsPaired() == 0) {
    auto removed = context_.store.removeTournamentEntrant(id, (*user)->id);
    if (!removed) return tournamentStoreFailed(removed.error());
  } else {
    store::TournamentEntrant entrant = state->stored.entrants[*player];
    entrant.withdrawn = true;
    auto saved = context_.store.saveTournamentEntrant(id, entrant);
    if (!saved) return tournamentStoreFailed(saved.error());
  }
  return answer(id);
}

TournamentAnswer TournamentService::addDirector(const TournamentActor& actor, int64_t id,
                                                const std::string& name) {
  std::lock_guard lock(mutex_);
  auto state = directedBy(actor, id);
  if (!state) return std::unexpected(state.error());
  auto user = context_.store.findUserByName(name);
  if (!user) return tournamentStoreFailed(user.error());
  if (!*user || (*user)->guest)
    return tournamentRefusal("not_found", "no registered player of that name");
  auto added = context_.store.addTournamentDirector(id, (*user)->id);
  if (!added) return tournamentStoreFailed(added.error());
  return answer(id);
}

TournamentAnswer TournamentService::setResult(const TournamentActor& actor, int64_t id, int round,
                                              int board, const std::string& result) {
  if (result != "B+" && result != "W+" && result != "Jigo" && result != "0-0") {
    return tournamentRefusal("bad_request", "result must be \"B+\", \"W+\", \"Jigo\" or \"0-0\"");
  }
  {
    std::lock_guard lock(mutex_);
    auto state = directedBy(actor, id);
    if (!state) return std::unexpected(state.error());
    const auto& boards = state->stored.boards;
    auto it = std::ranges::find_if(boards, [&](const store::TournamentBoard& b) {
      return b.round == round && b.board == board && b.white != 0;
    });
    if (it == boards.end()) {
      return tournamentRefusal("not_found", "round " + std::to_string(round) +
                                                " has no game on board " + std::to_string(board));
    }
    auto written = context_.store.recordTournamentResult(id, round, board, result, true);
    if (!written) return tournamentStoreFailed(written.error());
  }
  finishIfDone(id);
  return answer(id);
}

void TournamentService::gameEnded(int64_t game, const std::optional<game::GameResult>& result) {
  auto ref = context_.store.tournamentBoardOfGame(game);
  if (!ref) return (void)tournamentStoreFailed(ref.error());
  if (!*ref) return;
  {
    std::lock_guard lock(mutex_);
    auto written =
        context_.store.recordTournamentResult((*ref)->tournament, (*ref)->round, (*ref)->board,
                                              result ? result->toSgf() : std::string("0-0"), false);
    if (!written) return (void)tournamentStoreFailed(written.error());
  }
  log::info("tournament_result", {{"tournament", (*ref)->tournament}, {"game", game}});
  finishIfDone((*ref)->tournament);
}

void TournamentService::finishIfDone(int64_t id) {
  std::lock_guard lock(mutex_);
  auto state = load(id);
  if (!state || !*state) return;
  const TournamentState& s = **state;
  if (s.stored.row.status != "running" || !s.lastRoundDone() ||
      s.roundsPaired() < s.config.engine.rounds) {
    return;
  }
  if (auto ok = context_.store.updateTournamentStatus(id, "finished"); !ok) {
    (void)tournamentStoreFailed(ok.error());
  }
}

}  // namespace tengen::site
