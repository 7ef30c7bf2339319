// The clock's own commands: a deadline passed, the clock restarted by a restarted server.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

Decided decideTimeout(const MachineState& s, int64_t nowMs) {
  if (s.phase != Phase::Handicap && s.phase != Phase::Play) {
    return refuse("wrong_phase",
                  "no clock runs in the " + std::string(phaseName(s.phase)) + " phase");
  }
  const auto deadline = s.clock.deadlineMs();
  const auto running = s.clock.running();
  if (!deadline || !running || *deadline > nowMs) {
    return refuse("bad_request", "no clock has run out");
  }
  return std::vector<Event>{TimeoutEvent{*running}, EndEvent{winsBy(*running, 'T')}};
}

// A restarted server's room restarts the clock that ran when the previous one stopped. The
// event records it, so a later replay restarts it at the same time (the documented policy:
// after a restart the running clock restarts from the time it had at the last event).
Decided decideClockRestart(const MachineState& s) {
  if (s.phase != Phase::Handicap && s.phase != Phase::Play) {
    return refuse("wrong_phase",
                  "no clock runs in the " + std::string(phaseName(s.phase)) + " phase");
  }
  if (!s.clock.deadlineMs() || s.game.isOver()) return refuse("bad_request", "no clock runs");
  return std::vector<Event>{ClockRestartEvent{}};
}

Result<void> applyClockRestart(Applying& a, const ClockRestartEvent&) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play}); !ok) return ok;
  if (!s.clock.deadlineMs() || s.game.isOver()) return fail("no clock runs");
  s.clock.restart(a.timeMs);
  return {};
}

}  // namespace tengen::game::machine
