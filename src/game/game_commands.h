#pragma once

// The one table of a game's commands (docs/protocol.md, "Commands"): each command's wire
// name, who may send it and where the room decides it. The socket handlers, the room and
// GameMachine::decide all read this table instead of keeping lists of names of their own.

#include <optional>
#include <string_view>

namespace tengen::game {

enum class CommandKind {
  Move,
  Pass,
  Resign,
  PlaceHandicap,
  UndoRequest,
  UndoReply,
  RemovalToggle,
  RemovalAccept,
  Resume,
  ConfirmStart,
  ConfirmMove,
  ConfirmPass,
  ConfirmFinish,
  Chat,
  Join,
  Cancel,
  Forfeit,
  Timeout,
  ClockRestart,
  ConfirmExpire,
  ClaimWin,
  Annul,
  InactivityEnd,
  Vacation,
};

// Who may send a command. Only Client commands are accepted from a socket's `type`; the
// others are issued by the server itself, so no client can, say, restart its own clock.
enum class CommandSender {
  Client,  // a player (or anyone logged in, for chat) over the socket
  Room,    // the site on a user's behalf: joining and cancelling tables, a bot's forfeit
  Clock,   // the room's own clock: a deadline passed, the clock restarted after a restart
};

struct CommandSpec {
  CommandKind kind;
  std::string_view wireName;
  CommandSender sender;
  // Decided on the blocking pool instead of the room's strand: a pass that ends the game
  // proposes the dead stones, which may take a search of up to about 0.2 s.
  bool offStrand;
};

const CommandSpec& commandSpec(CommandKind kind);
std::string_view commandName(CommandKind kind);
// The command of this wire name if a client may send it.
std::optional<CommandKind> clientCommand(std::string_view wireName);
// The command of this wire name, whoever sends it (tests, logs).
std::optional<CommandKind> commandNamed(std::string_view wireName);
// Every command, in the table's order.
const CommandSpec* commandTableBegin();
const CommandSpec* commandTableEnd();

}  // namespace tengen::game
