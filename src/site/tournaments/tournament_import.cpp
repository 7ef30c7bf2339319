// TournamentService::importPlayers (tournament_service.h): a director's player list as CSV,
// checked whole before anything is written, so a bad line loses nothing.
#include <string_view>
#include <vector>

#include "base/log.h"
#include "site/tournaments/tournament_errors.h"
#include "site/tournaments/tournament_service.h"
#include "tournament/player_csv.h"

namespace tengen::site {

namespace {

// The line of each player parsePlayerCsv read: its non-blank lines in order, the header (a
// first line parsePlayerCsv did not count as a player) skipped.
std::vector<int> playerLines(std::string_view csv, std::size_t players) {
  std::vector<int> lines;
  int number = 0;
  while (!csv.empty()) {
    const std::size_t end = csv.find('\n');
    std::string_view line = csv.substr(0, end);
    csv = end == std::string_view::npos ? std::string_view() : csv.substr(end + 1);
    ++number;
    if (line.find_first_not_of(" \t\r") != std::string_view::npos) lines.push_back(number);
  }
  if (lines.size() > players) lines.erase(lines.begin());
  return lines;
}

}  // namespace

TournamentAnswer TournamentService::importPlayers(const TournamentActor& actor, int64_t id,
                                                  const std::string& csv) {
  std::lock_guard lock(mutex_);
  auto state = directedBy(actor, id);
  if (!state) return std::unexpected(state.error());
  if (state->stored.row.status == "finished")
    return tournamentRefusal("finished", tournamentLabel(id) + " has ended");
  auto players = tournament::parsePlayerCsv(csv);
  if (!players) return tournamentRefusal("bad_request", players.error().toString());
  if (players->empty()) return tournamentRefusal("bad_request", "the list has no players");
  const std::vector<int> lines = playerLines(csv, players->size());
  std::vector<store::TournamentEntrant> entrants;
  for (std::size_t i = 0; i < players->size(); ++i) {
    const tournament::Player& p = (*players)[i];
    const std::string line = "line " + std::to_string(i < lines.size() ? lines[i] : 0) + ": ";
    auto user = context_.store.findUserByName(p.name);
    if (!user) return tournamentStoreFailed(user.error());
    if (!*user || (*user)->guest) {
      return tournamentRefusal("bad_request",
                               line + "no registered player is named \"" + p.name + "\"");
    }
    for (const store::TournamentEntrant& e : entrants) {
      if (e.user == (*user)->id)
        return tournamentRefusal("bad_request", line + "\"" + p.name + "\" is listed twice");
    }
    const auto registered = state->playerOf((*user)->id);
    store::TournamentEntrant entrant =
        registered ? state->stored.entrants[*registered]
                   : store::TournamentEntrant{(*user)->id, (*user)->name, "", "", "", false, false};
    entrant.rank = tournament::toString(p.rank);
    entrant.club = p.club;
    entrant.country = p.country;
    entrant.checkedIn = true;
    entrant.withdrawn = false;
    entrants.push_back(std::move(entrant));
  }
  for (const store::TournamentEntrant& e : entrants) {
    if (auto saved = context_.store.saveTournamentEntrant(id, e); !saved) {
      return tournamentStoreFailed(saved.error());
    }
  }
  log::info("tournament_players_imported",
            {{"tournament", id}, {"players", entrants.size()}, {"user", actor.id}});
  return answer(id);
}

}  // namespace tengen::site
