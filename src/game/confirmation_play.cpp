// Confirmation play in the removal phase (Japanese 1989 art. 7 and 9, Korean; rules with
// `confirmation`; go/confirmation.h): a player disputes chains, both players play them out on
// a copy of the stopped position, and the verdict sets their marks. The game's clocks stay
// stopped, as in the whole removal phase.
//
// Nobody can stall it: it ends by itself, the position as it stands deciding, after
// kConfirmationMoveCap moves and passes, or when kConfirmationIdleMs pass without a move or
// pass (the room sends confirm_expire then, as it sends timeout for a game clock).
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

namespace {

// The player's colour if a confirmation is under way, with the shared checks first.
std::expected<go::Color, CommandError> confirming(const MachineState& s, const Actor& actor,
                                                  std::string_view what) {
  auto colour = playerIn(s, actor, {Phase::Removal}, what);
  if (!colour) return colour;
  if (!s.settings.rules.confirmation) {
    return refuse("bad_request", "these rules have no confirmation play");
  }
  if (!s.confirmation) return refuse("bad_request", "no confirmation is under way");
  return colour;
}

// The player to move in the confirmation under way.
std::expected<go::Color, CommandError> confirmationMover(const MachineState& s, const Actor& actor,
                                                         std::string_view what) {
  auto colour = confirming(s, actor, what);
  if (!colour) return colour;
  const go::Color toMove = s.confirmation->play.toMove();
  if (*colour != toMove) {
    return refuse("not_your_turn",
                  "it is " + std::string(colourName(toMove)) + "'s turn in the confirmation");
  }
  return colour;
}

// The move or pass as an event, and the end it makes when it reaches the move cap.
std::vector<Event> confirmationStep(const MachineState& s, go::Color colour, go::Point point) {
  std::vector<Event> events;
  if (point == go::kPass) {
    events.push_back(ConfirmPassEvent{colour});
  } else {
    events.push_back(ConfirmMoveEvent{colour, point});
  }
  const go::Confirmation& now = s.confirmation->play;
  if (static_cast<int>(now.moves().size()) + 1 >= confirmationMoveCap(s)) {
    go::Confirmation after = now;
    after.play(colour, point);
    events.push_back(
        ConfirmEndEvent{after.verdict() == go::LifeVerdict::Dead, ConfirmEndReason::Moves});
  }
  return events;
}

Result<void> confirmationUnderWay(const MachineState& s) {
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  if (!s.confirmation) return fail("no confirmation is under way");
  return {};
}

}  // namespace

int confirmationMoveCap(const MachineState& s) { return 4 * s.settings.size * s.settings.size; }

Decided decideConfirmStart(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = playerIn(s, actor, {Phase::Removal}, "dispute stones");
  if (!colour) return std::unexpected(colour.error());
  if (!s.settings.rules.confirmation) {
    return refuse("bad_request", "these rules have no confirmation play");
  }
  if (s.confirmation) return refuse("bad_request", "a confirmation is already under way");
  if (auto bad = malformed(c)) return *bad;
  const std::vector<std::string>& texts = std::get<HandicapArgs>(c.args).points;
  std::vector<go::Point> points;
  for (size_t i = 0; i < texts.size(); ++i) {
    auto point = boardPoint(s, texts[i], "points[" + std::to_string(i) + "]");
    if (!point) return std::unexpected(point.error());
    points.push_back(*point);
  }
  auto started = go::Confirmation::start(s.game, points);
  if (!started) return refuse("bad_request", started.error().message);
  ConfirmStartEvent event{*colour, {}, started->attacker()};
  started->disputed().forEach([&](go::Point p) { event.points.push_back(p); });
  return std::vector<Event>{std::move(event)};
}

Decided decideConfirmMove(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = confirmationMover(s, actor, "play in the confirmation");
  if (!colour) return std::unexpected(colour.error());
  if (auto bad = malformed(c)) return *bad;
  const std::string& text = std::get<PointArgs>(c.args).point;
  const std::optional<go::Point> point = s.game.geometry().fromGtp(text);
  if (!point) return refuse("illegal_move", text + " is off the board", "off_board");
  const go::MoveVerdict verdict = s.confirmation->play.check(*colour, *point);
  if (verdict != go::MoveVerdict::Legal) {
    const std::string reason(verdictReason(verdict));
    return refuse("illegal_move",
                  s.game.geometry().toGtp(*point) + " is illegal for " +
                      std::string(colourName(*colour)) + " in the confirmation: " + reason,
                  reason);
  }
  return confirmationStep(s, *colour, *point);
}

Decided decideConfirmPass(const MachineState& s, const Actor& actor) {
  const auto colour = confirmationMover(s, actor, "pass in the confirmation");
  if (!colour) return std::unexpected(colour.error());
  return confirmationStep(s, *colour, go::kPass);
}

Decided decideConfirmFinish(const MachineState& s, const Actor& actor) {
  const auto colour = confirming(s, actor, "end the confirmation");
  if (!colour) return std::unexpected(colour.error());
  const std::array<bool, 2>& finish = s.confirmation->finish;
  if (finish[go::colorIndex(*colour)]) {
    return refuse("bad_request", "you have already said the confirmation may end");
  }
  std::vector<Event> events{ConfirmFinishEvent{*colour}};
  if (finish[go::colorIndex(go::opponent(*colour))]) {
    events.push_back(ConfirmEndEvent{s.confirmation->play.verdict() == go::LifeVerdict::Dead,
                                     ConfirmEndReason::Agreed});
  }
  return events;
}

Decided decideConfirmExpire(const MachineState& s, int64_t nowMs) {
  if (s.phase != Phase::Removal || !s.confirmation) {
    return refuse("wrong_phase", "no confirmation is under way");
  }
  if (nowMs < s.confirmation->deadlineMs) {
    return refuse("bad_request", "the confirmation's time has not run out");
  }
  return std::vector<Event>{ConfirmEndEvent{s.confirmation->play.verdict() == go::LifeVerdict::Dead,
                                            ConfirmEndReason::Time}};
}

Result<void> applyConfirmStart(Applying& a, const ConfirmStartEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  if (!s.settings.rules.confirmation) return fail("these rules have no confirmation play");
  if (s.confirmation) return fail("a confirmation is already under way");
  auto started = go::Confirmation::start(s.game, e.points);
  if (!started) return fail(started.error().message);
  if (started->disputed() != toSet(e.points)) {
    return fail("\"points\" are not every stone of the disputed chains");
  }
  if (started->attacker() != e.attacker) return fail("\"attacker\" is not the stones' opponent");
  s.confirmation =
      RunningConfirmation{std::move(*started), {false, false}, a.timeMs + kConfirmationIdleMs};
  s.accepted = {false, false};
  return {};
}

Result<void> applyConfirmMove(Applying& a, go::Color colour, go::Point point) {
  MachineState& s = a.s;
  if (auto ok = confirmationUnderWay(s); !ok) return ok;
  RunningConfirmation& c = *s.confirmation;
  const go::MoveVerdict verdict = c.play.play(colour, point);
  if (verdict != go::MoveVerdict::Legal) {
    return fail("illegal confirmation move " + std::string(1, go::colorLetter(colour)) + " " +
                s.game.geometry().toGtp(point) + ": " + go::verdictName(verdict));
  }
  c.finish = {false, false};
  c.deadlineMs = a.timeMs + kConfirmationIdleMs;
  return {};
}

Result<void> applyConfirmFinish(Applying& a, const ConfirmFinishEvent& e) {
  MachineState& s = a.s;
  if (auto ok = confirmationUnderWay(s); !ok) return ok;
  s.confirmation->finish[go::colorIndex(e.colour)] = true;
  return {};
}

Result<void> applyConfirmEnd(Applying& a, const ConfirmEndEvent& e) {
  MachineState& s = a.s;
  if (auto ok = confirmationUnderWay(s); !ok) return ok;
  const RunningConfirmation& c = *s.confirmation;
  if ((c.play.verdict() == go::LifeVerdict::Dead) != e.dead) {
    return fail("the verdict is not the position's");
  }
  // An agreement is a fact of the log. The move cap and the deadline are not checked here:
  // either may be tuned, and a log written under the old values must still replay.
  if (e.reason == ConfirmEndReason::Agreed && (!c.finish[0] || !c.finish[1])) {
    return fail("not both players have finished");
  }
  ConfirmationRecord record{s.moves.size(), {}, c.play.moves(), e.dead, e.reason};
  c.play.disputed().forEach([&](go::Point p) {
    record.disputed.push_back(p);
    // The players have decided these stones; the estimate's doubt no longer applies.
    s.uncertain.erase(p);
  });
  s.dead = c.play.settle(s.dead);
  s.accepted = {false, false};
  s.confirmations.push_back(std::move(record));
  s.confirmation.reset();
  return {};
}

}  // namespace tengen::game::machine
