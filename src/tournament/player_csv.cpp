#include "tournament/player_csv.h"

#include <cctype>
#include <string>

#include "base/quote_input.h"

namespace tengen::tournament {

namespace {

std::string_view trimmedField(std::string_view text) {
  while (!text.empty() && (text.front() == ' ' || text.front() == '\t')) text.remove_prefix(1);
  while (!text.empty() && (text.back() == ' ' || text.back() == '\t')) text.remove_suffix(1);
  return text;
}

bool validUtf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    const std::size_t len = c < 0x80         ? 1
                            : (c >> 5) == 6  ? 2
                            : (c >> 4) == 14 ? 3
                            : (c >> 3) == 30 ? 4
                                             : 0;
    if (len == 0 || i + len > s.size()) return false;
    for (std::size_t k = 1; k < len; ++k)
      if ((static_cast<unsigned char>(s[i + k]) & 0xC0) != 0x80) return false;
    i += len;
  }
  return true;
}

// The fields of one line (without its line break), or why it is no CSV line.
Result<std::vector<std::string>> splitCsvLine(std::string_view line) {
  std::vector<std::string> fields(1);
  bool quoted = false;
  bool wasQuoted = false;
  for (std::size_t i = 0; i < line.size(); ++i) {
    const char c = line[i];
    if (quoted) {
      if (c != '"') {
        fields.back() += c;
      } else if (i + 1 < line.size() && line[i + 1] == '"') {
        fields.back() += '"';
        ++i;
      } else {
        quoted = false;
      }
    } else if (c == ',') {
      if (fields.size() == 8) return fail("too many fields: expected name,rank,club[,country]");
      fields.emplace_back();
      wasQuoted = false;
    } else if (c == '"' && trimmedField(fields.back()).empty() && !wasQuoted) {
      fields.back().clear();
      quoted = wasQuoted = true;
    } else if (wasQuoted && c != ' ' && c != '\t') {
      return fail("text after a closing quote in field " + std::to_string(fields.size()));
    } else {
      fields.back() += c;
    }
  }
  if (quoted)
    return fail("a quote opened in field " + std::to_string(fields.size()) +
                " is not closed on this line");
  for (auto& f : fields) f = std::string(trimmedField(f));
  return fields;
}

bool isHeaderRank(std::string_view s) {
  if (s.size() != 4) return false;
  std::string lower;
  for (char c : s) lower += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return lower == "rank";
}

}  // namespace

Result<std::vector<Player>> parsePlayerCsv(std::string_view text) {
  if (text.size() > kMaxPlayerCsvBytes)
    return fail("the player list has " + std::to_string(text.size()) + " bytes; at most " +
                std::to_string(kMaxPlayerCsvBytes) + " are read");
  if (text.starts_with("\xEF\xBB\xBF")) text.remove_prefix(3);
  std::vector<Player> players;
  int lineNumber = 0;
  while (!text.empty()) {
    ++lineNumber;
    const std::size_t end = text.find('\n');
    std::string_view line = text.substr(0, end);
    text = end == std::string_view::npos ? std::string_view{} : text.substr(end + 1);
    if (line.ends_with('\r')) line.remove_suffix(1);
    const std::string where = "line " + std::to_string(lineNumber);
    if (line.size() > kMaxPlayerCsvLineBytes)
      return fail("the line has " + std::to_string(line.size()) + " bytes; at most " +
                      std::to_string(kMaxPlayerCsvLineBytes),
                  where);
    if (trimmedField(line).empty()) continue;
    if (!validUtf8(line)) return fail("the line is not valid UTF-8 text", where);
    auto fields = splitCsvLine(line);
    if (!fields) return fail(fields.error().message, where);
    const auto& f = *fields;
    if (f.size() < 3 || f.size() > 4)
      return fail(
          "expected 3 or 4 fields (name,rank,club[,country]), found " + std::to_string(f.size()),
          where);
    if (players.empty() && isHeaderRank(f[1])) continue;
    if (f[0].empty()) return fail("the name is empty", where);
    if (f[0].size() > kMaxPlayerNameBytes)
      return fail("the name " + quoteInput(f[0]) + " is longer than " +
                      std::to_string(kMaxPlayerNameBytes) + " bytes",
                  where);
    auto rank = parseRank(f[1]);
    if (!rank) return fail("rank: " + rank.error().message, where);
    Player p{f[0], *rank, f[2], f.size() == 4 ? f[3] : ""};
    if (p.club.size() > kMaxPlayerNameBytes)
      return fail("the club " + quoteInput(p.club) + " is too long", where);
    if (p.country.size() > 2 ||
        (p.country.size() == 2 && !(std::isalpha(static_cast<unsigned char>(p.country[0])) &&
                                    std::isalpha(static_cast<unsigned char>(p.country[1])))) ||
        p.country.size() == 1)
      return fail("the country " + quoteInput(p.country) + " is not a two-letter code", where);
    if (players.size() == kMaxPlayerCsvPlayers)
      return fail("more than " + std::to_string(kMaxPlayerCsvPlayers) + " players", where);
    players.push_back(std::move(p));
  }
  return players;
}

}  // namespace tengen::tournament
