// GameMachine::decide: validates a command against the current state and says which events
// it produces, through the step of the command's concern (game_machine_steps.h). Nothing here
// changes the state; apply() (game_machine_apply.cpp) does.
#include "game/game_machine.h"
#include "game/game_machine_steps.h"

namespace tengen::game {

std::expected<std::vector<Event>, CommandError> GameMachine::decide(const Actor& actor,
                                                                    const Command& command,
                                                                    int64_t nowMs) const {
  using namespace machine;
  const MachineState& s = *state_;
  const CommandKind kind = command.kind;
  // The room's own clock acts for nobody; everything else acts for a user.
  if (commandSpec(kind).sender != CommandSender::Clock && actor.userId == 0) {
    return refuse("not_logged_in", "log in to " + std::string(commandName(kind)));
  }
  if (command.expectedVersion && !isCurrent(*command.expectedVersion)) {
    return refuse("stale_version", "the game is at version " + std::to_string(s.version) +
                                       ", not " + std::to_string(*command.expectedVersion));
  }
  switch (kind) {
    case CommandKind::Move:
      return decideMove(s, actor, command, nowMs);
    case CommandKind::Pass:
      return decidePass(s, actor, nowMs);
    case CommandKind::Resign:
      return decideResign(s, actor);
    case CommandKind::PlaceHandicap:
      return decideHandicap(s, actor, command, nowMs);
    case CommandKind::UndoRequest:
      return decideUndoRequest(s, actor);
    case CommandKind::UndoReply:
      return decideUndoReply(s, actor, command);
    case CommandKind::RemovalToggle:
      return decideToggle(s, actor, command);
    case CommandKind::RemovalAccept:
      return decideAccept(s, actor);
    case CommandKind::Resume:
      return decideResume(s, actor);
    case CommandKind::ConfirmStart:
      return decideConfirmStart(s, actor, command);
    case CommandKind::ConfirmMove:
      return decideConfirmMove(s, actor, command);
    case CommandKind::ConfirmPass:
      return decideConfirmPass(s, actor);
    case CommandKind::ConfirmFinish:
      return decideConfirmFinish(s, actor);
    case CommandKind::ConfirmExpire:
      return decideConfirmExpire(s, nowMs);
    case CommandKind::Chat:
      return decideChat(s, actor, command);
    case CommandKind::Join:
      return decideJoin(s, actor, command);
    case CommandKind::Cancel:
      return decideCancel(s, actor);
    case CommandKind::Forfeit:
      return decideForfeit(s, actor, command);
    case CommandKind::Timeout:
      return decideTimeout(s, nowMs);
    case CommandKind::ClockRestart:
      return decideClockRestart(s, command);
    case CommandKind::ClaimWin:
    case CommandKind::Annul:
      return decideClaim(s, actor, command);
    case CommandKind::InactivityEnd:
      return decideInactivityEnd(s, command, nowMs);
    case CommandKind::Vacation:
      return decideVacation(s, actor, command, nowMs);
  }
  return refuse("bad_request", "unknown game command");
}

}  // namespace tengen::game
