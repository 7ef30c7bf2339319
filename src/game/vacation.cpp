// A player's vacation (docs/protocol.md, "Vacation"): the site says when a player of a game with
// a clock goes on vacation or comes back, and while either player is away the game's clocks
// are paused. Play itself goes on: a move may still be made, it just charges no time.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

namespace {

// The phases a game's clock can still run in: the removal phase may resume play.
constexpr std::initializer_list<Phase> kVacationPhases = {Phase::Handicap, Phase::Play,
                                                          Phase::Removal};

bool anyOnVacation(const MachineState& s) { return s.vacation[0] || s.vacation[1]; }

}  // namespace

Decided decideVacation(const MachineState& s, const Actor& actor, const Command& c, int64_t nowMs) {
  const auto colour = playerIn(s, actor, kVacationPhases, "take a vacation");
  if (!colour) return std::unexpected(colour.error());
  if (!s.clock.enabled())
    return refuse("bad_request", "a game without a clock has nothing to pause");
  const VacationArgs* args = std::get_if<VacationArgs>(&c.args);
  if (!args) return refuse("bad_request", "vacation: on or off?");
  if (s.vacation[go::colorIndex(*colour)] == args->on) {
    return refuse("bad_request", args->on ? "already on vacation" : "not on vacation");
  }
  // A clock that ran out before the vacation began loses on time, not after the vacation.
  if (const auto deadline = s.clock.deadlineMs(); deadline && *deadline <= nowMs) {
    return refuse("time_out", "the time ran out before the vacation");
  }
  return std::vector<Event>{VacationEvent{*colour, args->on}};
}

Result<void> applyVacation(Applying& a, const VacationEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, kVacationPhases); !ok) return ok;
  if (!s.clock.enabled()) return fail("a vacation in a game without a clock");
  bool& flag = s.vacation[go::colorIndex(e.colour)];
  if (flag == e.on) return fail(e.on ? "already on vacation" : "not on vacation");
  if (!(e.colour == go::Color::Black ? s.black : s.white)) return fail("nobody sits there");
  flag = e.on;
  if (anyOnVacation(s)) {
    s.clock.pause(a.timeMs);
  } else {
    s.clock.resume(a.timeMs);
  }
  return {};
}

}  // namespace tengen::game::machine
