#include "tournament/egf_results.h"

#include <cstdio>
#include <sstream>

#include "tournament/standings.h"

namespace tengen::tournament {

namespace {

// A field without the characters that would break the line into more or fewer fields.
std::string field(const std::string& text, const std::string& fallback) {
  std::string out;
  for (char c : text) {
    if (c == '\n' || c == '\r' || c == ';') continue;
    out += (c == ' ' || c == '\t') ? '_' : c;
  }
  return out.empty() ? fallback : out;
}

// "Surname Given" stays two words; further spaces join with '_' so the rank stays the third.
std::string nameField(const std::string& name) {
  std::istringstream words(name);
  std::string word, first, rest;
  while (words >> word) {
    if (first.empty())
      first = word;
    else
      rest += (rest.empty() ? "" : "_") + word;
  }
  if (first.empty()) return "? ?";
  return field(first, "?") + " " + field(rest, "-");
}

std::string unplayedEntry(HalfPoints points) {
  return points >= kWinPoints ? "0+" : points >= kJigoPoints ? "0=" : "0-";
}

}  // namespace

std::string egfResults(const Tournament& t, const std::string& eventName) {
  const std::vector<StandingRow> rows = computeStandings(t);
  std::vector<int> lineOf(t.players.size(), 0);
  for (std::size_t i = 0; i < rows.size(); ++i) lineOf[rows[i].player] = static_cast<int>(i) + 1;

  std::string event;
  for (char c : eventName)
    if (c != ']' && c != '\n' && c != '\r') event += c;
  std::string out = "; EV[" + event + "]\n; Pl Name                            Rk Co Club\n";
  for (std::size_t i = 0; i < rows.size(); ++i) {
    const StandingRow& row = rows[i];
    const Player& p = t.players[row.player];
    char head[160];
    const bool firstOfTie = i == 0 || rows[i - 1].place != row.place;
    const std::string place = firstOfTie ? std::to_string(row.place) : "";
    std::snprintf(head, sizeof head, "%4s %-32s %3s %2s %4s", place.c_str(),
                  nameField(p.name).c_str(), toString(p.rank).c_str(),
                  field(p.country, "xx").c_str(), field(p.club, "xxxx").c_str());
    out += head;
    for (const RoundEntry& e : row.rounds) {
      std::string entry;
      if (e.kind == EntryKind::Bye) {
        entry = unplayedEntry(t.settings.bye.byePoints);
      } else if (e.kind == EntryKind::Absent || e.result == PlayerResult::Pending) {
        entry = unplayedEntry(t.settings.bye.absencePoints);
      } else {
        entry = std::to_string(lineOf[e.opponent]);
        entry += e.result == PlayerResult::Win ? '+' : e.result == PlayerResult::Jigo ? '=' : '-';
        entry += e.source == ResultSource::Played ? '/' : '!';
        entry += e.black ? 'b' : 'w';
        if (e.handicap > 0) entry += std::to_string(e.handicap);
      }
      char cell[32];
      std::snprintf(cell, sizeof cell, " %9s", entry.c_str());
      out += cell;
    }
    out += '\n';
  }
  return out;
}

}  // namespace tengen::tournament
