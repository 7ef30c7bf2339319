#pragma once

// A player list as CSV (a spreadsheet's export): one player per line, `name,rank,club` and
// optionally a fourth field, the country. A first line whose rank field reads "rank" is a
// header. Fields may be quoted ("Lee, Sedol" with "" for a quote inside); blank lines are
// skipped; a UTF-8 byte order mark at the start is ignored.
//
// Any byte sequence is safe input: limits on size, line length and player count are checked
// before anything grows, and every error quotes at most a short prefix of the input.

#include <string_view>
#include <vector>

#include "base/result.h"
#include "tournament/player.h"

namespace tengen::tournament {

inline constexpr std::size_t kMaxPlayerCsvBytes = 1 << 20;
inline constexpr std::size_t kMaxPlayerCsvLineBytes = 1000;
inline constexpr std::size_t kMaxPlayerCsvPlayers = 2000;
inline constexpr std::size_t kMaxPlayerNameBytes = 100;

// The players in file order, or the first error with its line number ("line 4: ...").
Result<std::vector<Player>> parsePlayerCsv(std::string_view text);

}  // namespace tengen::tournament
