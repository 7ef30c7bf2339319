// fixed_handicap, place_free_handicap, set_free_handicap (GTP v2 6.3.3). Handicap stones
// are setup, not moves: they become the game's first position and White moves next.
#include <algorithm>
#include <vector>

#include "go/handicap.h"
#include "gtp/arguments.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"
#include "gtp/free_handicap.h"

namespace tengen::gtp {

namespace {

bool boardEmpty(const EngineState& state) {
  const go::Board& board = state.game.board();
  return board.emptyCount() == board.size() * board.size();
}

Result<std::string> place(EngineState& state, const std::vector<go::Point>& stones) {
  if (!state.placeHandicap(stones)) return fail("board not empty");
  return vertexList(state.game.geometry(), stones);
}

Result<std::string> fixedHandicap(EngineState& state, Args args) {
  const auto n = parseInt(args[0]);
  if (!n) return std::unexpected(n.error());
  const auto stones = go::fixedHandicap(state.game.size(), *n);
  if (!stones) return fail("invalid handicap");
  return place(state, *stones);
}

Result<std::string> placeFreeHandicap(EngineState& state, Args args) {
  const auto n = parseInt(args[0]);
  if (!n) return std::unexpected(n.error());
  const int size = state.game.size();
  if (*n < 2 || *n >= size * size) return fail("invalid number of stones");
  if (!boardEmpty(state)) return fail("board not empty");
  return place(state, freeHandicap(size, *n));
}

Result<std::string> setFreeHandicap(EngineState& state, Args args) {
  if (!boardEmpty(state)) return fail("board not empty");
  const go::Geometry& g = state.game.geometry();
  // At least two stones and at least one empty point left, no pass, no repeats.
  if (args.size() < 2 || args.size() >= static_cast<std::size_t>(g.size() * g.size())) {
    return fail("bad vertex list");
  }
  std::vector<go::Point> stones;
  for (std::string_view text : args) {
    const auto p = g.fromGtp(text);
    if (!p || *p == go::kPass || std::find(stones.begin(), stones.end(), *p) != stones.end()) {
      return fail("bad vertex list");
    }
    stones.push_back(*p);
  }
  if (!state.placeHandicap(stones)) return fail("board not empty");
  return "";
}

}  // namespace

void addHandicapCommands(CommandTable& table) {
  table.add("fixed_handicap", 1, 1, fixedHandicap);
  table.add("place_free_handicap", 1, 1, placeFreeHandicap);
  table.add("set_free_handicap", 0, kAnyCount, setFreeHandicap);
}

}  // namespace tengen::gtp
