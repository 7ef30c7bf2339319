// The removal phase: the proposal that opens it, the marks, acceptances, and resuming play.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

// The removal phase opens with the estimator's proposal for `ended` (the game after the
// last pass), seeded with the game id so that the same game gets the same proposal.
RemovalStartEvent removalStart(const MachineState& s, const go::Game& ended) {
  const machine::RemovalProposal proposal =
      machine::proposeRemoval(ended, static_cast<uint64_t>(s.settings.id));
  RemovalStartEvent removal;
  proposal.dead.forEach([&](go::Point p) { removal.dead.push_back(p); });
  proposal.uncertain.forEach([&](go::Point p) { removal.uncertain.push_back(p); });
  return removal;
}

namespace {

// While a confirmation is under way its verdict is pending: the marks wait for it.
std::optional<std::unexpected<CommandError>> confirmationPending(const MachineState& s) {
  if (s.confirmation) return refuse("bad_request", "a confirmation is under way");
  return std::nullopt;
}

}  // namespace

Decided decideToggle(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = playerIn(s, actor, {Phase::Removal}, "mark dead stones");
  if (!colour) return std::unexpected(colour.error());
  if (auto pending = confirmationPending(s)) return *pending;
  if (auto bad = malformed(c)) return *bad;
  const auto point = boardPoint(s, std::get<PointArgs>(c.args).point, "point");
  if (!point) return std::unexpected(point.error());
  const go::Board& board = s.game.board();
  if (!go::isStone(board.at(*point))) {
    return refuse("bad_request", "there is no stone at " + board.geometry().toGtp(*point));
  }
  RemovalToggleEvent toggle{*colour, *point, !s.dead.contains(*point), {}};
  board.chainStones(*point).forEach([&](go::Point p) { toggle.points.push_back(p); });
  return std::vector<Event>{std::move(toggle)};
}

Decided decideAccept(const MachineState& s, const Actor& actor) {
  const auto colour = playerIn(s, actor, {Phase::Removal}, "accept the dead stones");
  if (!colour) return std::unexpected(colour.error());
  if (auto pending = confirmationPending(s)) return *pending;
  if (s.accepted[go::colorIndex(*colour)]) {
    return refuse("bad_request", "you have already accepted these dead stones");
  }
  std::vector<Event> events{RemovalAcceptEvent{*colour}};
  // Any toggle clears both acceptances, so two acceptances are always of the same set.
  if (s.accepted[go::colorIndex(go::opponent(*colour))]) {
    events.push_back(EndEvent{go::scoreGame(s.game, s.dead).result});
  }
  return events;
}

Decided decideResume(const MachineState& s, const Actor& actor) {
  const auto colour = playerIn(s, actor, {Phase::Removal}, "resume play");
  if (!colour) return std::unexpected(colour.error());
  if (auto pending = confirmationPending(s)) return *pending;
  return std::vector<Event>{
      ResumeEvent{*colour, s.settings.rules.toMoveOnResume(*colour, s.game.toMove())}};
}

Result<void> applyRemovalStart(Applying& a, const RemovalStartEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (s.game.endReason() != go::EndReason::Passes) return fail("the game has not ended by passes");
  if (!s.settings.rules.hasRemovalPhase()) return fail("these rules have no removal phase");
  const go::Geometry& g = s.game.geometry();
  for (go::Point p : e.dead) {
    if (!go::isStone(s.game.board().at(p)))
      return fail("no stone at " + g.toGtp(p) + " to be dead");
  }
  s.dead = toSet(e.dead);
  s.uncertain = toSet(e.uncertain);
  s.accepted = {false, false};
  s.confirmation.reset();
  s.phase = Phase::Removal;
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyToggle(Applying& a, const RemovalToggleEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  if (s.confirmation) return fail("a confirmation is under way");
  const go::Board& board = s.game.board();
  if (!go::isStone(board.at(e.point)))
    return fail("no stone at " + board.geometry().toGtp(e.point));
  const go::PointSet chain = board.chainStones(e.point);
  if (toSet(e.points) != chain) return fail("\"points\" is not the chain at the point");
  chain.forEach([&](go::Point p) {
    if (e.dead) {
      s.dead.insert(p);
    } else {
      s.dead.erase(p);
    }
    // The players have decided this chain; the estimate's doubt no longer applies.
    s.uncertain.erase(p);
  });
  s.accepted = {false, false};
  return {};
}

Result<void> applyAccept(Applying& a, const RemovalAcceptEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  if (s.confirmation) return fail("a confirmation is under way");
  s.accepted[go::colorIndex(e.colour)] = true;
  return {};
}

Result<void> applyResume(Applying& a, const ResumeEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  if (s.confirmation) return fail("a confirmation is under way");
  s.game.resume(e.toMove);
  s.resumes.push_back({s.moves.size(), e.toMove});
  s.dead.clear();
  s.uncertain.clear();
  s.accepted = {false, false};
  s.phase = Phase::Play;
  s.clock.start(e.toMove, a.timeMs);
  return {};
}

}  // namespace tengen::game::machine
