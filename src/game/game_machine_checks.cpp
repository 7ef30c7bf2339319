// The checks and small helpers that the concerns share: refusals, who may act, phases.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

namespace json = boost::json;

std::string_view verdictReason(go::MoveVerdict verdict) {
  switch (verdict) {
    case go::MoveVerdict::Occupied:
      return "occupied";
    case go::MoveVerdict::Ko:
      return "ko";
    case go::MoveVerdict::Superko:
      return "superko";
    case go::MoveVerdict::Suicide:
      return "suicide";
    case go::MoveVerdict::OffBoard:
      return "off_board";
    case go::MoveVerdict::NotYourTurn:
      return "not_your_turn";
    default:
      return go::verdictName(verdict);
  }
}

std::unexpected<CommandError> refuse(std::string code, std::string message, std::string reason) {
  return std::unexpected(CommandError{std::move(code), std::move(message), std::move(reason)});
}

// The checks every player command shares: a running game, the actor seated, an allowed
// phase. Returns the actor's colour.
std::expected<go::Color, CommandError> playerIn(const MachineState& s, const Actor& actor,
                                                std::initializer_list<Phase> phases,
                                                std::string_view what) {
  if (s.phase == Phase::Finished || s.phase == Phase::Cancelled) {
    return refuse("wrong_phase", "the game is over");
  }
  if (s.phase == Phase::Open) return refuse("wrong_phase", "the game has not started yet");
  const auto colour = s.colourOf(actor.userId);
  if (!colour) return refuse("not_a_player", "only the players may " + std::string(what));
  if (std::find(phases.begin(), phases.end(), s.phase) == phases.end()) {
    return refuse("wrong_phase", "cannot " + std::string(what) + " in the " +
                                     std::string(phaseName(s.phase)) + " phase");
  }
  return *colour;
}

// The player to move, with time left on the clock.
std::expected<go::Color, CommandError> moverIn(const MachineState& s, const Actor& actor,
                                               Phase phase, std::string_view what, int64_t nowMs) {
  auto colour = playerIn(s, actor, {phase}, what);
  if (!colour) return colour;
  const go::Color toMove = s.phase == Phase::Handicap ? go::Color::Black : s.game.toMove();
  if (*colour != toMove)
    return refuse("not_your_turn", "it is " + std::string(colourName(toMove)) + "'s turn");
  const auto deadline = s.clock.deadlineMs();
  if (deadline && *deadline <= nowMs) {
    return refuse("time_out", std::string(colourName(*colour)) + "'s time has run out");
  }
  return colour;
}

// The command's fields failed to decode (command.h): refused here, after the checks that say
// whether the command could apply at all.
std::optional<std::unexpected<CommandError>> malformed(const Command& c) {
  if (c.malformed) return std::unexpected(*c.malformed);
  return std::nullopt;
}

// A point of this board named in GTP text, as parsePoint names a bad one.
std::expected<go::Point, CommandError> boardPoint(const MachineState& s, const std::string& text,
                                                  const std::string& field) {
  auto point = machine::parsePoint(s.game.geometry(), json::value(text), field);
  if (!point) return refuse("bad_request", point.error().toString());
  return *point;
}

std::string winsBy(go::Color loser, char how) {
  return std::string(1, go::colorLetter(go::opponent(loser))) + "+" + how;
}

Result<void> inPhase(const MachineState& s, std::initializer_list<Phase> phases) {
  for (Phase p : phases) {
    if (s.phase == p) return {};
  }
  return fail("not possible in the " + std::string(phaseName(s.phase)) + " phase");
}

go::PointSet toSet(const std::vector<go::Point>& points) {
  go::PointSet set;
  for (go::Point p : points) set.insert(p);
  return set;
}

}  // namespace tengen::game::machine
