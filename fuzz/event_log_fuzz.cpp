// libFuzzer target for the log's format of game events (src/game/event_log_format.h): every
// row a server reads back from its store, after a crash, a restore or another version's
// writes, goes through fromLogged. Run by scripts/fuzz.sh from fuzz/corpus/event_log_fuzz.
// Input: the first byte picks the board (5x5 to 25x25), the text up to the first newline is the
// row's type, the rest its payload. Any input must decode or give an error with a message,
// never a crash; what decodes must write a version 2 row that reads back to the same row.
#include <boost/json/src.hpp>  // Boost.JSON compiled in: the fuzzer sees its branches too

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include "game/event_log_format.h"

namespace {

using namespace tengen;

void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const go::Geometry geometry(5 + data[0] % 21);
  const std::string_view rest(reinterpret_cast<const char*>(data + 1), size - 1);
  const size_t newline = rest.find('\n');
  game::LoggedEvent row;
  row.game = 1;
  row.seq = 1;
  row.type = std::string(rest.substr(0, newline));
  row.payload = newline == std::string_view::npos ? "" : std::string(rest.substr(newline + 1));
  auto event = game::fromLogged(row, geometry);
  if (!event) {
    require(!event.error().message.empty());
    return 0;
  }
  const game::LoggedEvent written = game::toLogged(*event, geometry, 1, 1, 0);
  require(written.type == row.type);
  auto again = game::fromLogged(written, geometry);
  require(again.has_value());
  require(game::toLogged(*again, geometry, 1, 1, 0).payload == written.payload);
  return 0;
}
