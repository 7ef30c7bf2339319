#include "site/tournaments/tournament_json.h"

#include <boost/json/array.hpp>
#include <boost/json/parse.hpp>

#include "tournament/standings.h"

namespace tengen::site {

namespace json = boost::json;
using tournament::EntryKind;
using tournament::PlayerResult;

namespace {

json::value boardSeat(const TournamentState& s, int64_t user) {
  if (user == 0) return nullptr;
  const auto player = s.playerOf(user);
  if (!player) return json::object{{"id", user}, {"name", ""}};
  return json::object{{"id", user}, {"name", s.stored.entrants[*player].name}};
}

// One round of a standings row, as the EGF file writes it: the opponent's place line, the
// result (+ - = ?) and the colour with the handicap ("3+/b2"); "0+" for a bye, "0-" absent.
std::string standingEntryText(const tournament::RoundEntry& e, const std::vector<int>& lineOf) {
  if (e.kind == EntryKind::Bye) return "0+";
  if (e.kind == EntryKind::Absent) return "0-";
  std::string text = std::to_string(lineOf[e.opponent]);
  switch (e.result) {
    case PlayerResult::Win:
      text += '+';
      break;
    case PlayerResult::Loss:
      text += '-';
      break;
    case PlayerResult::Jigo:
      text += '=';
      break;
    case PlayerResult::Pending:
      text += '?';
      break;
  }
  text += e.source == tournament::ResultSource::Played ? '/' : '!';
  text += e.black ? 'b' : 'w';
  if (e.handicap > 0) text += std::to_string(e.handicap);
  return text;
}

json::array standingsJson(const TournamentState& s) {
  const auto rows = tournament::computeStandings(s.startedRounds());
  std::vector<int> lineOf(s.engine.players.size(), 0);
  for (std::size_t i = 0; i < rows.size(); ++i) lineOf[rows[i].player] = static_cast<int>(i + 1);
  json::array list;
  for (const auto& row : rows) {
    const auto& player = s.engine.players[row.player];
    json::array rounds;
    for (const auto& e : row.rounds) rounds.push_back(json::string(standingEntryText(e, lineOf)));
    list.push_back(json::object{{"place", row.place},
                                {"player", s.userOf(row.player)},
                                {"name", player.name},
                                {"rank", tournament::toString(player.rank)},
                                {"score", row.mainScore.asPoints()},
                                {"sos", row.sos.asPoints()},
                                {"sosos", row.sosos.asPoints()},
                                {"sodos", row.sodos.asPoints()},
                                {"rounds", std::move(rounds)}});
  }
  return list;
}

}  // namespace

json::object tournamentSummaryJson(const store::TournamentRow& row) {
  json::object summary{{"id", row.id},
                       {"name", row.name},
                       {"status", row.status},
                       {"createdBy", row.createdBy},
                       {"createdMs", row.createdMs}};
  json::error_code ec;
  json::value settings = json::parse(row.settings, ec);
  if (!ec && settings.is_object()) {
    for (const char* key : {"system", "rounds", "size"}) {
      if (const json::value* v = settings.get_object().if_contains(key)) summary[key] = *v;
    }
  }
  return summary;
}

json::object tournamentGameJson(const store::TournamentGameInPlay& g, int64_t user) {
  const bool black = g.black == user;
  return json::object{{"tournament", json::object{{"id", g.tournament}, {"name", g.name}}},
                      {"round", g.round},
                      {"board", g.board},
                      {"gameId", g.game},
                      {"colour", black ? "black" : "white"},
                      {"opponent", json::object{{"id", black ? g.white : g.black},
                                                {"name", black ? g.whiteName : g.blackName}}}};
}

json::object tournamentJson(const TournamentState& s, const std::map<int64_t, std::string>& names) {
  json::object out = tournamentSummaryJson(s.stored.row);
  out["settings"] = toJson(s.config);
  json::array directors;
  for (int64_t d : s.stored.directors) {
    auto it = names.find(d);
    directors.push_back(
        json::object{{"id", d}, {"name", it == names.end() ? std::string() : it->second}});
  }
  out["directors"] = std::move(directors);
  json::array players;
  for (const store::TournamentEntrant& e : s.stored.entrants) {
    players.push_back(json::object{{"id", e.user},
                                   {"name", e.name},
                                   {"rank", e.rank},
                                   {"club", e.club},
                                   {"country", e.country},
                                   {"checkedIn", e.checkedIn},
                                   {"withdrawn", e.withdrawn}});
  }
  out["players"] = std::move(players);
  json::array rounds;
  for (const store::TournamentBoard& b : s.stored.boards) {
    if (b.round > static_cast<int>(rounds.size())) {
      // A round not started yet is a pending pairing: shown, editable by a director.
      const int64_t startsAt = s.config.startMsOf(b.round);
      rounds.push_back(
          json::object{{"round", b.round},
                       {"started", b.round <= s.roundsStarted()},
                       {"startsAt", startsAt == 0 ? json::value(nullptr) : json::value(startsAt)},
                       {"boards", json::array{}}});
    }
    rounds.back().as_object()["boards"].as_array().push_back(
        json::object{{"board", b.board},
                     {"black", boardSeat(s, b.black)},
                     {"white", boardSeat(s, b.white)},
                     {"bye", b.white == 0},
                     {"handicap", b.handicap},
                     {"komi", b.komi},
                     {"game", b.game == 0 ? json::value(nullptr) : json::value(b.game)},
                     {"result", b.result},
                     {"byDecision", b.byDecision}});
  }
  out["rounds"] = std::move(rounds);
  out["roundsStarted"] = s.roundsStarted();
  const int64_t nextAt = s.config.startMsOf(s.roundsStarted() + 1);
  out["nextRoundAt"] = nextAt == 0 ? json::value(nullptr) : json::value(nextAt);
  out["standings"] = standingsJson(s);
  return out;
}

}  // namespace tengen::site
