// Leaving a game (docs/protocol.md "Leaving a game"): the player who stayed claims the win or
// annuls the game once the opponent has been gone for the grace, and an untimed game without
// a move for the site's inactivity limit ends by itself, annulled.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

namespace {

// A claim ends a running game, counted or not: a player who vanishes in the removal phase
// holds the count hostage as surely as one who vanishes in play.
constexpr std::initializer_list<Phase> kClaimPhases = {Phase::Handicap, Phase::Play,
                                                       Phase::Removal};

std::string secondsText(int64_t ms) { return std::to_string((ms + 999) / 1000) + " s"; }

}  // namespace

// Who may claim, in this order: a running game (wrong_phase), a seated player (not_a_player),
// a game whose clock does not handle absence (bad_request), an opponent who is gone
// (opponent_present), for the whole grace (too_early).
Decided decideClaim(const MachineState& s, const Actor& actor, const Command& c) {
  const std::string_view what = c.kind == CommandKind::Annul ? "annul the game" : "claim the win";
  const auto colour = playerIn(s, actor, kClaimPhases, what);
  if (!colour) return std::unexpected(colour.error());
  const ClaimArgs* args = std::get_if<ClaimArgs>(&c.args);
  if (!args || !args->graceMs) {
    return refuse("bad_request", "this game's clock ends it if a player leaves: nothing to claim");
  }
  if (!args->absentMs) return refuse("opponent_present", "your opponent is connected");
  if (*args->absentMs < *args->graceMs) {
    return refuse("too_early", "your opponent may still come back: wait " +
                                   secondsText(*args->graceMs - *args->absentMs) + " more");
  }
  const ClaimOutcome outcome =
      c.kind == CommandKind::Annul ? ClaimOutcome::Annul : ClaimOutcome::Win;
  const std::string result =
      outcome == ClaimOutcome::Win ? winsBy(go::opponent(*colour), 'F') : std::string("Void");
  return std::vector<Event>{ClaimEvent{*colour, outcome, *args->absentMs, *args->graceMs},
                            EndEvent{result}};
}

Decided decideInactivityEnd(const MachineState& s, const Command& c, int64_t nowMs) {
  if (!s.running() || s.phase == Phase::Open)
    return refuse("wrong_phase", "the game is not in play");
  if (s.settings.timeControl.kind != TimeKind::None) {
    return refuse("bad_request", "a game with a clock ends by its clock");
  }
  const InactivityArgs* args = std::get_if<InactivityArgs>(&c.args);
  if (!args || args->limitMs <= 0) return refuse("bad_request", "no inactivity limit");
  const int64_t idle = nowMs - s.lastActivityMs;
  if (idle < args->limitMs) return refuse("bad_request", "the game is not inactive yet");
  return std::vector<Event>{InactiveEvent{idle, args->limitMs}, EndEvent{"Void"}};
}

Result<void> applyClaim(Applying& a, const ClaimEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, kClaimPhases); !ok) return ok;
  if (e.graceMs < 0 || e.absentMs < e.graceMs) {
    return fail("the opponent was gone " + std::to_string(e.absentMs) + " ms, less than the grace");
  }
  s.claim = e;
  s.undoRequest.reset();
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyInactive(Applying& a, const InactiveEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, kClaimPhases); !ok) return ok;
  if (s.settings.timeControl.kind != TimeKind::None)
    return fail("a timed game cannot end by inactivity");
  if (e.limitMs <= 0 || e.idleMs < e.limitMs) return fail("the game was not inactive long enough");
  s.inactive = e;
  s.undoRequest.reset();
  return {};
}

// The result the end event of a claim or an inactivity end must carry, nullopt for neither.
std::optional<std::string> leavingResult(const MachineState& s) {
  if (s.claim) {
    return s.claim->outcome == ClaimOutcome::Win ? winsBy(go::opponent(s.claim->colour), 'F')
                                                 : std::string("Void");
  }
  if (s.inactive) return std::string("Void");
  return std::nullopt;
}

}  // namespace tengen::game::machine
