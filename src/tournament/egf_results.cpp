#include "tournament/egf_results.h"

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

// Columns as OpenGotha aligns them; a longer value widens its line instead of being cut.
std::string padLeft(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : std::string(width - text.size(), ' ') + text;
}
std::string padRight(const std::string& text, std::size_t width) {
  return text.size() >= width ? text : text + std::string(width - text.size(), ' ');
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
    const bool firstOfTie = i == 0 || rows[i - 1].place != row.place;
    out += padLeft(firstOfTie ? std::to_string(row.place) : "", 4) + " " +
           padRight(nameField(p.name), 32) + " " + padLeft(toString(p.rank), 3) + " " +
           padLeft(field(p.country, "xx"), 2) + " " + padLeft(field(p.club, "xxxx"), 4);
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
      out += " " + padLeft(entry, 9);
    }
    out += '\n';
  }
  return out;
}

}  // namespace tengen::tournament
