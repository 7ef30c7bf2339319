// boardsize, clear_board, komi, play, genmove, undo, showboard, is_legal (GTP v2 6.3.2-6.3.5).
#include <string>

#include "go/point.h"
#include "gtp/arguments.h"
#include "gtp/board_diagram.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"

namespace tengen::gtp {

namespace {

Result<std::string> boardsize(EngineState& state, Args args) {
  const auto size = parseInt(args[0]);
  if (!size) return std::unexpected(size.error());
  if (*size < go::kMinSize || *size > go::kMaxSize) return fail("unacceptable size");
  state.newGame(*size);
  return "";
}

Result<std::string> komi(EngineState& state, Args args) {
  if (!parseNumber(args[0])) return fail("syntax error");
  // A number, but not one a game can use (7.3, 1e9): say why. go::parseKomi takes no '+'.
  const std::string_view text = args[0].starts_with('+') ? args[0].substr(1) : args[0];
  const auto value = go::parseKomi(text);
  if (!value) return std::unexpected(value.error());
  state.game.setKomi(*value);
  return "";
}

Result<std::string> play(EngineState& state, Args args) {
  const auto color = parseColor(args[0]);
  if (!color) return std::unexpected(color.error());
  const auto point = parseVertex(state.game.geometry(), args[1]);
  if (!point) return std::unexpected(point.error());
  if (state.play(*color, *point) != go::MoveVerdict::Legal) return fail("illegal move");
  return "";
}

Result<std::string> genmove(EngineState& state, Args args) {
  const auto color = parseColor(args[0]);
  if (!color) return std::unexpected(color.error());
  const GeneratedMove move = state.genmove(*color);
  if (move.resign) return std::string("resign");
  return state.game.geometry().toGtp(move.point);
}

Result<std::string> isLegal(EngineState& state, Args args) {
  const auto color = parseColor(args[0]);
  if (!color) return std::unexpected(color.error());
  const auto point = parseVertex(state.game.geometry(), args[1]);
  if (!point) return std::unexpected(point.error());
  return state.game.check(*color, *point) == go::MoveVerdict::Legal ? "1" : "0";
}

}  // namespace

void addPlayCommands(CommandTable& table) {
  table.add("boardsize", 1, 1, boardsize);
  table.add("clear_board", 0, 0, [](EngineState& state, Args) -> Result<std::string> {
    state.newGame(state.game.size());
    return "";
  });
  table.add("komi", 1, 1, komi);
  table.add("play", 2, 2, play);
  table.add("genmove", 1, 1, genmove);
  table.add("undo", 0, 0, [](EngineState& state, Args) -> Result<std::string> {
    if (!state.undo()) return fail("cannot undo");
    return "";
  });
  table.add("showboard", 0, 0, [](EngineState& state, Args) -> Result<std::string> {
    return boardDiagram(state.game);
  });
  table.add("is_legal", 2, 2, isLegal);
}

}  // namespace tengen::gtp
