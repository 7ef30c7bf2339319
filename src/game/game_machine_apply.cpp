// GameMachine::apply: folds one committed event into the state, through the step of the
// event's concern (game_machine_steps.h). Every event is checked against the state as
// decide() would have checked the command, so a corrupt or tampered log fails at the first bad
// event (named by its seq) instead of producing a different game.
#include <utility>

#include "base/overloaded.h"
#include "game/event_log_format.h"
#include "game/game_machine.h"
#include "game/game_machine_state.h"
#include "game/game_machine_steps.h"

namespace tengen::game {

using machine::MachineState;

namespace {

using namespace machine;

Result<void> applyEvent(Applying& a, const Event& event) {
  return std::visit(
      Overloaded{
          [&](const StartEvent& e) { return applyStart(a, e); },
          [&](const CancelEvent& e) { return applyCancel(a, e); },
          [&](const HandicapEvent& e) { return applyHandicap(a, e); },
          [&](const MoveEvent& e) { return applyMoveOrPass(a, e.colour, e.point); },
          [&](const PassEvent& e) { return applyMoveOrPass(a, e.colour, go::kPass); },
          [&](const UndoRequestEvent& e) { return applyUndoRequest(a, e); },
          [&](const UndoReplyEvent& e) { return applyUndoReply(a, e); },
          [&](const RemovalStartEvent& e) { return applyRemovalStart(a, e); },
          [&](const RemovalToggleEvent& e) { return applyToggle(a, e); },
          [&](const RemovalAcceptEvent& e) { return applyAccept(a, e); },
          [&](const ResumeEvent& e) { return applyResume(a, e); },
          [&](const ConfirmStartEvent& e) { return applyConfirmStart(a, e); },
          [&](const ConfirmMoveEvent& e) { return applyConfirmMove(a, e.colour, e.point); },
          [&](const ConfirmPassEvent& e) { return applyConfirmMove(a, e.colour, go::kPass); },
          [&](const ConfirmFinishEvent& e) { return applyConfirmFinish(a, e); },
          [&](const ConfirmEndEvent& e) { return applyConfirmEnd(a, e); },
          [&](const ResignEvent& e) { return applyResignOrTimeout(a, e.colour, false); },
          [&](const ForfeitEvent& e) { return applyForfeit(a, e); },
          [&](const EndEvent& e) { return applyEnd(a, e); },
          [&](const TimeoutEvent& e) { return applyResignOrTimeout(a, e.colour, true); },
          [&](const ClockRestartEvent& e) { return applyClockRestart(a, e); },
          [&](const ChatEvent& e) { return applyChat(a, e); },
          [&](const ClaimEvent& e) { return applyClaim(a, e); },
          [&](const InactiveEvent& e) { return applyInactive(a, e); },
          [&](const VacationEvent& e) { return applyVacation(a, e); },
      },
      event);
}

}  // namespace

Result<void> GameMachine::apply(const LoggedEvent& row) {
  const std::string where = "event seq " + std::to_string(row.seq);
  if (row.seq != state_->version + 1) {
    return fail("expected seq " + std::to_string(state_->version + 1), where);
  }
  auto event = fromLogged(row, state_->game.geometry());
  if (!event) return fail(event.error().toString(), where);
  return apply(*event, row.seq, row.timeMs);
}

LoggedEvent GameMachine::logged(const Event& event, int64_t seq, int64_t timeMs) const {
  return toLogged(event, state_->game.geometry(), state_->settings.id, seq, timeMs);
}

Result<void> GameMachine::apply(const Event& event, int64_t seq, int64_t timeMs) {
  MachineState& s = *state_;
  const std::string where = "event seq " + std::to_string(seq);
  if (seq != s.version + 1) return fail("expected seq " + std::to_string(s.version + 1), where);
  const bool activity = !std::holds_alternative<ChatEvent>(event);
  const bool settles = activity && !std::holds_alternative<RemovalAcceptEvent>(event);
  const auto finish = [seq, activity, settles, timeMs](MachineState& state) {
    if (activity) state.lastActivityMs = timeMs;
    if (settles) state.settledVersion = seq;
    if (!state.moves.empty() && state.moves.back().version == 0) state.moves.back().version = seq;
    if (!state.chat.empty() && state.chat.back().version == 0) state.chat.back().version = seq;
    state.version = seq;
  };
  // Moves and passes are most of every log and check everything before they change anything
  // (Game::play refuses without touching the board), so they apply in place: copying the whole
  // game for each of them cost more than the rest of a move's work on a busy server.
  if (std::holds_alternative<MoveEvent>(event) || std::holds_alternative<PassEvent>(event)) {
    Applying applying{s, timeMs};
    if (auto ok = applyEvent(applying, event); !ok) return fail(ok.error().toString(), where);
    finish(s);
    return {};
  }
  // The rarer events work on a copy, so one that fails halfway leaves the machine as it was.
  State next = *state_;
  Applying applying{next, timeMs};
  if (auto ok = applyEvent(applying, event); !ok) return fail(ok.error().toString(), where);
  finish(next);
  *state_ = std::move(next);
  return {};
}

}  // namespace tengen::game
