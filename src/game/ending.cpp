// Ending a game: resignation, a forfeit, time running out and the end event with its result.
#include "game/game_machine_steps.h"

namespace tengen::game::machine {

Decided decideResign(const MachineState& s, const Actor& actor) {
  const auto colour = playerIn(s, actor, {Phase::Handicap, Phase::Play, Phase::Removal}, "resign");
  if (!colour) return std::unexpected(colour.error());
  return std::vector<Event>{ResignEvent{*colour}, EndEvent{winsBy(*colour, 'R')}};
}

// A bot's engine crashed, hung or broke the protocol (bot_driver.h): it loses on the spot.
Decided decideForfeit(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = playerIn(s, actor, {Phase::Handicap, Phase::Play, Phase::Removal}, "forfeit");
  if (!colour) return std::unexpected(colour.error());
  if (auto bad = malformed(c)) return *bad;
  const ForfeitArgs& forfeit = std::get<ForfeitArgs>(c.args);
  return std::vector<Event>{ForfeitEvent{*colour, forfeit.reason, forfeit.detail},
                            EndEvent{winsBy(*colour, 'F')}};
}

Result<void> applyResignOrTimeout(Applying& a, go::Color colour, bool timeout) {
  MachineState& s = a.s;
  auto phaseOk = timeout ? inPhase(s, {Phase::Handicap, Phase::Play})
                         : inPhase(s, {Phase::Handicap, Phase::Play, Phase::Removal});
  if (!phaseOk) return phaseOk;
  if (timeout) {
    s.game.timeout(colour);
  } else {
    s.game.resign(colour);
  }
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyForfeit(Applying& a, const ForfeitEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play, Phase::Removal}); !ok) return ok;
  if (s.game.isOver() && s.phase != Phase::Removal) return fail("the game has already ended");
  // The engine's side loses as if it had resigned; the end event says "+F", not "+R".
  s.game.resign(e.colour);
  s.forfeited = e.colour;
  s.forfeitReason = e.reason;
  s.forfeitDetail = e.detail;
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyEnd(Applying& a, const EndEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play, Phase::Removal}); !ok) return ok;
  std::string expected;
  if (auto left = leavingResult(s)) {
    expected = *left;
  } else if (s.game.endReason() == go::EndReason::None) {
    return fail("the game has not ended");
  } else if (s.game.endReason() == go::EndReason::Passes) {
    if (s.phase == Phase::Removal && !(s.accepted[0] && s.accepted[1])) {
      return fail("the dead stones are not accepted by both players");
    }
    if (s.phase == Phase::Play && s.settings.rules.hasRemovalPhase()) {
      return fail("the dead stones were not agreed");
    }
    go::ScoreBreakdown score = go::scoreGame(s.game, s.dead);
    expected = score.result;
    s.finalScore = std::move(score);
  } else {
    expected = s.forfeited ? std::string(1, go::colorLetter(go::opponent(*s.forfeited))) + "+F"
                           : go::gameResult(s.game, go::PointSet{});
  }
  if (e.result != expected) {
    return fail("result \"" + e.result + "\" but the game gives " + expected);
  }
  // The core writes only results GameResult reads; a failure here is a bug, said as such.
  auto typed = GameResult::parse(expected);
  if (!typed) return fail("the game's own result is unreadable: " + typed.error().toString());
  s.phase = Phase::Finished;
  s.settings.status = GameStatus::Finished;
  s.settings.result = *typed;
  s.undoRequest.reset();
  s.clock.stop(a.timeMs);
  return {};
}

}  // namespace tengen::game::machine
