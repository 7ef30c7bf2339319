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
// event records it with the previous server's last sign of life, so a later replay charges
// the running player exactly as the room did: up to that time, not for the downtime
// (docs/protocol.md, "Clocks").
Decided decideClockRestart(const MachineState& s, const Command& command) {
  if (s.phase != Phase::Handicap && s.phase != Phase::Play) {
    return refuse("wrong_phase",
                  "no clock runs in the " + std::string(phaseName(s.phase)) + " phase");
  }
  if (!s.clock.deadlineMs() || s.game.isOver()) return refuse("bad_request", "no clock runs");
  ClockRestartEvent event;
  if (const auto* args = std::get_if<ClockRestartArgs>(&command.args)) {
    event.aliveUntilMs = args->aliveUntilMs;
  }
  return std::vector<Event>{event};
}

Result<void> applyClockRestart(Applying& a, const ClockRestartEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play}); !ok) return ok;
  if (!s.clock.deadlineMs() || s.game.isOver()) return fail("no clock runs");
  s.clock.restart(a.timeMs, e.aliveUntilMs);
  return {};
}

}  // namespace tengen::game::machine
