#include "site/tournaments/tournament_state.h"

#include <boost/json/parse.hpp>

#include <algorithm>
#include <map>
#include <utility>

namespace tengen::site {

namespace json = boost::json;
using tournament::GameResult;
using tournament::Outcome;
using tournament::PlayerId;
using tournament::ResultSource;

std::optional<PlayerId> TournamentState::playerOf(int64_t user) const {
  for (std::size_t i = 0; i < stored.entrants.size(); ++i) {
    if (stored.entrants[i].user == user) return static_cast<PlayerId>(i);
  }
  return std::nullopt;
}

bool TournamentState::isDirector(int64_t user) const {
  return std::ranges::find(stored.directors, user) != stored.directors.end();
}

bool TournamentState::lastRoundDone() const {
  if (engine.rounds.empty()) return true;
  return std::ranges::all_of(engine.rounds.back().games,
                             [](const tournament::Pairing& p) { return p.result.has_value(); });
}

bool TournamentState::startedRoundsDone() const {
  const int last = std::min(roundsStarted(), roundsPaired());
  if (last == 0) return true;
  return std::ranges::all_of(engine.rounds[last - 1].games,
                             [](const tournament::Pairing& p) { return p.result.has_value(); });
}

tournament::Tournament TournamentState::startedRounds() const {
  tournament::Tournament started = engine;
  if (started.rounds.size() > static_cast<std::size_t>(roundsStarted())) {
    started.rounds.resize(static_cast<std::size_t>(roundsStarted()));
  }
  return started;
}

std::optional<GameResult> gameResultOf(const std::string& text, bool byDecision) {
  const ResultSource source = byDecision ? ResultSource::Decision : ResultSource::Played;
  if (text.starts_with("B+")) return GameResult{Outcome::BlackWins, source};
  if (text.starts_with("W+")) return GameResult{Outcome::WhiteWins, source};
  if (text == "Jigo" || text == "Draw" || text == "0" || text == "B+0" || text == "W+0") {
    return GameResult{Outcome::Jigo, source};
  }
  if (text == "0-0") return GameResult{Outcome::BothLose, source};
  return std::nullopt;
}

Result<TournamentState> tournamentState(store::StoredTournament stored) {
  TournamentState state;
  json::error_code ec;
  const json::value settings = json::parse(stored.row.settings, ec);
  if (ec || !settings.is_object()) {
    return fail("tournament " + std::to_string(stored.row.id) + " has unreadable settings");
  }
  auto config = tournamentConfigFromJson(settings.get_object());
  if (!config) return std::unexpected(config.error());
  state.config = std::move(*config);
  state.engine.settings = state.config.engine;

  std::map<int64_t, PlayerId> players;
  for (const store::TournamentEntrant& e : stored.entrants) {
    auto rank = tournament::parseRank(e.rank);
    if (!rank) return fail("entrant " + std::to_string(e.user) + " has an unreadable rank");
    players[e.user] = static_cast<PlayerId>(state.engine.players.size());
    state.engine.players.push_back(tournament::Player{e.name, *rank, e.club, e.country});
  }
  auto idOf = [&](int64_t user) -> std::optional<PlayerId> {
    auto it = players.find(user);
    return it == players.end() ? std::nullopt : std::optional<PlayerId>(it->second);
  };
  for (const store::TournamentBoard& b : stored.boards) {
    if (b.round < 1 || b.round > static_cast<int>(state.engine.rounds.size()) + 1) {
      return fail("tournament " + std::to_string(stored.row.id) + " skips a round");
    }
    if (b.round > static_cast<int>(state.engine.rounds.size())) state.engine.rounds.emplace_back();
    tournament::Round& round = state.engine.rounds[b.round - 1];
    const auto black = idOf(b.black);
    if (!black) return fail("a board names a player who is not registered");
    if (b.white == 0) {
      round.byes.push_back(*black);
      continue;
    }
    const auto white = idOf(b.white);
    if (!white) return fail("a board names a player who is not registered");
    round.games.push_back(tournament::Pairing{b.board, *black, *white, b.handicap, b.komi,
                                              gameResultOf(b.result, b.byDecision)});
  }
  // Whoever is in no game and no bye of a round was absent from it.
  for (tournament::Round& round : state.engine.rounds) {
    std::vector<bool> seen(state.engine.players.size(), false);
    for (const auto& g : round.games) seen[g.black] = seen[g.white] = true;
    for (PlayerId p : round.byes) seen[p] = true;
    for (std::size_t p = 0; p < seen.size(); ++p) {
      if (!seen[p]) round.absent.push_back(static_cast<PlayerId>(p));
    }
  }
  state.stored = std::move(stored);
  return state;
}

}  // namespace tengen::site
