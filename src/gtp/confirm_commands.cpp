// tengen-confirm_start, tengen-confirm_end: confirmation play after the stop (Japanese 1989
// art. 7 and 9; go/confirmation.h), and what the other commands do while one is under way.
// Routing lives here, beside the two commands, rather than in each command group: the
// groups register first, and this one wraps the handlers it affects.
#include <string>
#include <string_view>
#include <vector>

#include "go/confirmation.h"
#include "gtp/arguments.h"
#include "gtp/board_diagram.h"
#include "gtp/commands.h"
#include "gtp/engine_state.h"

namespace tengen::gtp {

namespace {

// Commands that would change the stopped game (or its rules, or whose bot cannot play under
// art. 7-2's lock) while a confirmation depends on it: refused until it ends, so that
// nothing is lost silently.
constexpr std::string_view kRefusedWhileConfirming[] = {
    "boardsize",           "clear_board",      "undo",           "genmove",
    "kgs-genmove_cleanup", "loadsgf",          "fixed_handicap", "place_free_handicap",
    "set_free_handicap",   "tengen-set_rules", "kgs-rules",      "tengen-confirm_start",
};

Result<std::string> confirmStart(EngineState& state, Args args) {
  const go::Geometry& g = state.game.geometry();
  std::vector<go::Point> stones;
  for (std::string_view text : args) {
    const auto p = g.fromGtp(text);
    if (!p || *p == go::kPass) return fail("bad vertex '" + std::string(text) + "'");
    stones.push_back(*p);
  }
  auto confirmation = go::Confirmation::start(state.game, stones);
  if (!confirmation) return std::unexpected(confirmation.error());
  state.confirmation = std::move(*confirmation);
  return "";
}

Result<std::string> confirmEnd(EngineState& state, Args) {
  if (!state.confirmation) return fail("no confirmation is under way");
  return std::string(go::lifeVerdictName(state.endConfirmation()));
}

// The replacements, run only while a confirmation is under way.

Result<std::string> confirmPlay(EngineState& state, Args args) {
  go::Confirmation& confirmation = *state.confirmation;
  const auto color = parseColor(args[0]);
  if (!color) return std::unexpected(color.error());
  const auto point = parseVertex(confirmation.board().geometry(), args[1]);
  if (!point) return std::unexpected(point.error());
  const go::MoveVerdict v = confirmation.play(*color, *point);
  if (v == go::MoveVerdict::NotYourTurn) {
    return fail("illegal move (" + std::string(go::colorName(confirmation.toMove())) +
                " is to move in the confirmation)");
  }
  if (v != go::MoveVerdict::Legal) return fail("illegal move");
  return "";
}

Result<std::string> confirmIsLegal(EngineState& state, Args args) {
  const go::Confirmation& confirmation = *state.confirmation;
  const auto color = parseColor(args[0]);
  if (!color) return std::unexpected(color.error());
  const auto point = parseVertex(confirmation.board().geometry(), args[1]);
  if (!point) return std::unexpected(point.error());
  return confirmation.check(*color, *point) == go::MoveVerdict::Legal ? "1" : "0";
}

Result<std::string> confirmLegalMoves(EngineState& state, Args args) {
  const go::Confirmation& confirmation = *state.confirmation;
  const auto color = parseColor(args[0]);
  if (!color) {
    return fail("expected a colour (black, b, white, w), got '" + std::string(args[0]) + "'");
  }
  return vertexList(confirmation.board().geometry(), confirmation.legalPoints(*color));
}

// `name`'s handler runs as registered without a confirmation, and `during` runs with one.
void route(CommandTable& table, std::string_view name, Handler during) {
  const Command* command = table.find(name);
  if (command == nullptr) return;
  Command original = *command;
  table.add(std::string(name), original.minArgs, original.maxArgs,
            [before = std::move(original.handler), during = std::move(during)](
                EngineState& state, Args args) -> Result<std::string> {
              return state.confirmation ? during(state, args) : before(state, args);
            });
}

}  // namespace

void addConfirmCommands(CommandTable& table) {
  table.add("tengen-confirm_start", 1, kAnyCount, confirmStart);
  table.add("tengen-confirm_end", 0, 0, confirmEnd);
  route(table, "play", confirmPlay);
  route(table, "is_legal", confirmIsLegal);
  route(table, "tengen-legal_moves", confirmLegalMoves);
  route(table, "showboard", [](EngineState& state, Args) -> Result<std::string> {
    return boardDiagram(*state.confirmation);
  });
  route(table, "tengen-status",
        [](EngineState&, Args) -> Result<std::string> { return std::string("confirming"); });
  for (std::string_view name : kRefusedWhileConfirming) {
    route(table, name, [name](EngineState&, Args) -> Result<std::string> {
      return fail(std::string(name) +
                  " is refused: a confirmation is under way (tengen-confirm_end ends it)");
    });
  }
}

}  // namespace tengen::gtp
