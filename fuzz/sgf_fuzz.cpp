// libFuzzer target for the SGF reader and writer: build with -DTENGEN_FUZZ=ON and clang
// (>= 16, for std::expected with libstdc++ 12), then run
//   build-fuzz/fuzz/sgf_fuzz -max_len=4096 tests/data/sgf
// Any input must give a value or an Error with a message and a position, never a crash, and
// whatever loads must write and reload to the same game (tests/sgf/fuzz_test.cpp runs the
// same checks on a bounded, deterministic set of mutations under GCC).
#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string_view>

#include "sgf/game_record.h"
#include "sgf/parser.h"
#include "sgf/writer.h"

namespace {

// Abort, so libFuzzer records the input, even in builds with NDEBUG.
void require(bool condition) {
  if (!condition) std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using namespace tengen::sgf;
  const std::string_view text(reinterpret_cast<const char*>(data), size);

  if (auto trees = parseCollection(text)) {
    for (const GameTree& tree : *trees) {
      auto again = parseFirstGame(writeTree(tree));
      require(again.has_value() && again->size() == tree.size());
    }
  } else {
    require(!trees.error().message.empty() && !trees.error().where.empty());
  }

  auto loaded = loadGame(text);
  if (!loaded) {
    require(!loaded.error().message.empty() && !loaded.error().where.empty());
    return 0;
  }
  require(loaded->game.board().checkInvariants());
  const std::string written = writeGame(loaded->game, loaded->info, loaded->moveTimes);
  auto reloaded = loadGame(written);
  require(reloaded.has_value());
  require(reloaded->game.moves() == loaded->game.moves());
  require(reloaded->game.setupSteps() == loaded->game.setupSteps());
  require(reloaded->game.rules() == loaded->game.rules());
  require(reloaded->game.handicap() == loaded->game.handicap());
  require(reloaded->game.initialToMove() == loaded->game.initialToMove());
  require(reloaded->game.board().hash() == loaded->game.board().hash());
  require(reloaded->moveTimes == loaded->moveTimes);
  require(writeGame(reloaded->game, reloaded->info, reloaded->moveTimes) == written);
  return 0;
}
