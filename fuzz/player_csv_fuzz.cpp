// libFuzzer target for the tournament's CSV player list (src/tournament/player_csv.h): any bytes
// must parse into players within the limits or fail with a short message that names a line,
// never crash, hang or echo the input. Run by scripts/fuzz.sh from fuzz/corpus/player_csv_fuzz.
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "tournament/player_csv.h"

namespace {

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tengen::tournament;
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  const auto players = parsePlayerCsv(text);
  if (!players) {
    require(!players.error().message.empty());
    require(players.error().toString().size() < 300);
    return 0;
  }
  require(players->size() <= kMaxPlayerCsvPlayers);
  for (const Player& p : *players) {
    require(!p.name.empty() && p.name.size() <= kMaxPlayerNameBytes);
    require(p.club.size() <= kMaxPlayerNameBytes);
    require(p.country.empty() || p.country.size() == 2);
    require(parseRank(toString(p.rank)).value() == p.rank);
  }
  return 0;
}
