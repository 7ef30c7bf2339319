#pragma once

// A command as the game core takes it: its kind (game_commands.h) and its arguments, decoded
// once where the command enters. A client's message is decoded by decodeCommand; the site
// builds the commands it issues itself (join, cancel, forfeit, timeout, clock_restart) directly.

#include <boost/json/object.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "game/game_commands.h"
#include "go/color.h"

namespace tengen::game {

// A refused command: `code` as in docs/protocol.md (not_your_turn, illegal_move, ...), a
// message for humans, and for illegal_move the reason (occupied, ko, superko, suicide, off_board).
struct CommandError {
  std::string code;
  std::string message;
  std::string reason;
};

struct NoArgs {};
// move, confirm_move and removal_toggle: a point in GTP syntax ("D4"); whether this board has it is
// for GameMachine::decide to say, since an off-board move is illegal_move, not bad_request.
struct PointArgs {
  std::string point;
};
// place_handicap and confirm_start: the points as given, checked against the board by decide.
struct HandicapArgs {
  std::vector<std::string> points;
};
struct UndoReplyArgs {
  bool accept = false;
};
// chat: 1..500 characters (at most 2000 bytes), not only blanks.
struct ChatArgs {
  std::string text;
};
// join: the room's nigiri draw, as a coin (0 gives the joiner black, 1 white) or as the
// joiner's colour; a table with fixed colours ignores both.
struct JoinArgs {
  std::optional<int> coin;
  std::optional<go::Color> nigiri;
  bool joinerBot = false;  // the joiner is a bot account
};
// forfeit: why a bot's side loses on the spot (bot_driver.h), as words for the players.
struct ForfeitArgs {
  std::string reason;
  std::string detail;
};
// claim_win and annul: what the room knows of the claimer's opponent, filled in by the room
// (never from the client's fields; GameRoom::withPresence). absentMs: how long the opponent
// has had no socket in the room, nullopt while present (a bot is always present). graceMs:
// this game's grace (site/presence/leaving_grace.h), nullopt when its clock handles absence.
struct ClaimArgs {
  std::optional<int64_t> absentMs;
  std::optional<int64_t> graceMs;
};
// inactivity_end: the site's limit for an untimed game without a move.
struct InactivityArgs {
  int64_t limitMs = 0;
};
// clock_restart: the last time the previous server was known alive (Unix ms), if recorded.
struct ClockRestartArgs {
  std::optional<int64_t> aliveUntilMs;
};
// vacation: the site's word that the actor's vacation began (on) or ended.
struct VacationArgs {
  bool on = false;
};
using CommandArgs =
    std::variant<NoArgs, PointArgs, HandicapArgs, UndoReplyArgs, ChatArgs, JoinArgs, ForfeitArgs,
                 ClaimArgs, InactivityArgs, ClockRestartArgs, VacationArgs>;

struct Command {
  CommandKind kind = CommandKind::Pass;
  CommandArgs args;
  // The version the client last saw: a command sent against an older game is refused.
  std::optional<int64_t> expectedVersion;
  // Fields that did not decode. decide() reports this bad_request where it used to read the
  // fields: after the checks that say whether the command could apply at all (logged in,
  // version, phase, seat, turn), so a command out of turn says so whatever its fields.
  std::optional<CommandError> malformed;
};

// A client's command of `kind` from its message's fields ("point", "accept", "text",
// "points", "expectedVersion"; other fields are ignored). Never fails: see Command::malformed.
Command decodeCommand(CommandKind kind, const boost::json::object& fields);

}  // namespace tengen::game
