#include "game/game_commands.h"

#include <cstdlib>
#include <iterator>

namespace tengen::game {

namespace {

using enum CommandKind;
using enum CommandSender;

// In CommandKind's order, so commandSpec() is an index.
constexpr CommandSpec kCommands[] = {
    {Move, "move", Client, false},
    {Pass, "pass", Client, true},
    {Resign, "resign", Client, false},
    {PlaceHandicap, "place_handicap", Client, false},
    {UndoRequest, "undo_request", Client, false},
    {UndoReply, "undo_reply", Client, false},
    {RemovalToggle, "removal_toggle", Client, false},
    {RemovalAccept, "removal_accept", Client, false},
    {Resume, "resume", Client, false},
    {ConfirmStart, "confirm_start", Client, false},
    {ConfirmMove, "confirm_move", Client, false},
    {ConfirmPass, "confirm_pass", Client, false},
    {ConfirmFinish, "confirm_finish", Client, false},
    {Chat, "chat", Client, false},
    {Join, "join", Room, false},
    {Cancel, "cancel", Room, false},
    {Forfeit, "forfeit", Room, false},
    {Timeout, "timeout", Clock, false},
    {ClockRestart, "clock_restart", Clock, false},
    {ConfirmExpire, "confirm_expire", Clock, false},
    {ClaimWin, "claim_win", Client, false},
    {Annul, "annul", Client, false},
    {InactivityEnd, "inactivity_end", Clock, false},
    {Vacation, "vacation", Room, false},
};

constexpr bool inKindOrder() {
  for (size_t i = 0; i < std::size(kCommands); ++i) {
    if (static_cast<size_t>(kCommands[i].kind) != i) return false;
  }
  return true;
}
static_assert(inKindOrder(), "kCommands must list the commands in CommandKind's order");

}  // namespace

const CommandSpec& commandSpec(CommandKind kind) {
  const auto index = static_cast<size_t>(kind);
  if (index >= std::size(kCommands)) std::abort();  // not a CommandKind
  return kCommands[index];
}

std::string_view commandName(CommandKind kind) { return commandSpec(kind).wireName; }

std::optional<CommandKind> commandNamed(std::string_view wireName) {
  for (const CommandSpec& spec : kCommands) {
    if (spec.wireName == wireName) return spec.kind;
  }
  return std::nullopt;
}

std::optional<CommandKind> clientCommand(std::string_view wireName) {
  const auto kind = commandNamed(wireName);
  if (!kind || commandSpec(*kind).sender != Client) return std::nullopt;
  return kind;
}

const CommandSpec* commandTableBegin() { return std::begin(kCommands); }
const CommandSpec* commandTableEnd() { return std::end(kCommands); }

}  // namespace tengen::game
