// GameMachine::apply: folds one committed event into the state. Every event is checked
// against the state as decide() would have checked the command, so a corrupt or tampered log
// fails at the first bad event (named by its seq) instead of producing a different game.
#include <utility>

#include "game/event_log_format.h"
#include "game/game_machine.h"
#include "game/game_machine_state.h"
#include "go/handicap.h"
#include "go/scoring.h"

namespace tengen::game {

using machine::MachineState;

namespace {

template <class... Ts>
struct Overloaded : Ts... {
  using Ts::operator()...;
};

struct Applying {
  MachineState& s;
  int64_t timeMs;
};

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

// A move or pass ends the mover's turn on the clock. Had the time run out before timeMs, the
// move would have been refused (decide's time_out); should the room still have stamped it
// later than the deadline, the mover's clock stops at zero and the opponent's starts.
void clockAfterMove(MachineState& s, go::Color mover, int64_t timeMs) {
  if (!s.clock.moveMade(timeMs)) {
    s.clock.stop(timeMs);
    s.clock.start(go::opponent(mover), timeMs);
  }
}

std::optional<double> secondsLeft(const MachineState& s, go::Color colour, int64_t timeMs) {
  if (!s.clock.enabled()) return std::nullopt;
  const ClockState c = s.clock.state(colour, timeMs);
  const int64_t ms = c.mainMs > 0 ? c.mainMs : c.periodMs;
  return static_cast<double>(ms) / 1000.0;
}

Result<void> applyStart(Applying& a, const StartEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Open}); !ok) return ok;
  if (e.black.id <= 0 || e.white.id <= 0) return fail("a player without an id");
  if (e.black.id == e.white.id) return fail("black and white are the same user");
  if (e.black.id != s.owner.id && e.white.id != s.owner.id) {
    return fail("the owner does not sit at the table");
  }
  s.black = e.black;
  s.white = e.white;
  // A bot that owns its table (a bot match) is known as a bot only from the start event.
  if (e.black.id == s.owner.id) s.owner.bot = e.black.bot;
  if (e.white.id == s.owner.id) s.owner.bot = e.white.bot;
  s.nigiri = e.nigiri;
  s.settings.blackUserId = e.black.id;
  s.settings.whiteUserId = e.white.id;
  s.settings.status = "playing";
  s.startMs = a.timeMs;
  if (s.settings.handicap > 0 && s.settings.freeHandicap) {
    s.phase = Phase::Handicap;
    s.clock.start(go::Color::Black, a.timeMs);
    return {};
  }
  if (s.settings.handicap > 0) {
    s.handicapStones = *go::fixedHandicap(s.settings.size, s.settings.handicap);
    s.game = machine::freshGame(s);
  }
  s.phase = Phase::Play;
  s.clock.start(s.game.toMove(), a.timeMs);
  return {};
}

Result<void> applyCancel(Applying& a, const CancelEvent&) {
  if (auto ok = inPhase(a.s, {Phase::Open}); !ok) return ok;
  a.s.phase = Phase::Cancelled;
  a.s.settings.status = "cancelled";
  return {};
}

Result<void> applyHandicap(Applying& a, const HandicapEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap}); !ok) return ok;
  if (static_cast<int>(e.points.size()) != s.settings.handicap) {
    return fail(std::to_string(e.points.size()) + " handicap stones, the game has " +
                std::to_string(s.settings.handicap));
  }
  go::Game game(s.settings.size, s.rules);
  if (!game.placeHandicap(e.points) || game.handicap() != s.settings.handicap) {
    return fail("the handicap stones cannot be placed");
  }
  s.handicapStones = e.points;
  s.game = std::move(game);
  s.phase = Phase::Play;
  clockAfterMove(s, go::Color::Black, a.timeMs);
  return {};
}

Result<void> applyMoveOrPass(Applying& a, go::Color colour, go::Point point) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (s.game.isOver()) return fail("the game has already ended");
  const go::MoveVerdict verdict = s.game.play(colour, point, go::PlayMode::Strict);
  if (verdict != go::MoveVerdict::Legal) {
    return fail("illegal move " + std::string(1, go::colorLetter(colour)) + " " +
                s.game.geometry().toGtp(point) + ": " + go::verdictName(verdict));
  }
  clockAfterMove(s, colour, a.timeMs);
  s.moves.push_back({0, colour, point, a.timeMs, secondsLeft(s, colour, a.timeMs)});
  // A move answers an open undo request with no: the position it asked about is gone.
  s.undoRequest.reset();
  return {};
}

Result<void> applyUndoRequest(Applying& a, const UndoRequestEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (s.undoRequest) return fail("an undo request is already open");
  if (!machine::undoableMove(s, e.colour)) return fail("the player has nothing to undo");
  s.undoRequest = e.colour;
  return {};
}

Result<void> applyUndoReply(Applying& a, const UndoReplyEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (!s.undoRequest || *s.undoRequest == e.colour) return fail("no undo request to answer");
  const go::Color requester = *s.undoRequest;
  s.undoRequest.reset();
  if (!e.accept) return {};
  const size_t first = *machine::undoableMove(s, requester);
  if (static_cast<size_t>(e.undone) != s.moves.size() - first) {
    return fail("\"undone\" does not match the moves since the requester's last one");
  }
  s.moves.resize(first);
  if (!machine::rebuildGame(s)) return fail("the moves no longer replay after the undo");
  // The requester plays again on their own clock; the time spent is not refunded (clocks
  // count thinking time, and an undo is thinking done).
  s.clock.start(requester, a.timeMs);
  return {};
}

Result<void> applyRemovalStart(Applying& a, const RemovalStartEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (s.game.endReason() != go::EndReason::Passes) return fail("the game has not ended by passes");
  if (!s.rules.hasRemovalPhase()) return fail("these rules have no removal phase");
  const go::Geometry& g = s.game.geometry();
  for (go::Point p : e.dead) {
    if (!go::isStone(s.game.board().at(p)))
      return fail("no stone at " + g.toGtp(p) + " to be dead");
  }
  s.dead = toSet(e.dead);
  s.uncertain = toSet(e.uncertain);
  s.accepted = {false, false};
  s.phase = Phase::Removal;
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyToggle(Applying& a, const RemovalToggleEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
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
  s.accepted[go::colorIndex(e.colour)] = true;
  return {};
}

Result<void> applyResume(Applying& a, const ResumeEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  s.game.resume(e.toMove);
  s.resumes.push_back({s.moves.size(), e.toMove});
  s.dead.clear();
  s.uncertain.clear();
  s.accepted = {false, false};
  s.phase = Phase::Play;
  s.clock.start(e.toMove, a.timeMs);
  return {};
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
  switch (s.game.endReason()) {
    case go::EndReason::None:
      return fail("the game has not ended");
    case go::EndReason::Passes: {
      if (s.phase == Phase::Removal && !(s.accepted[0] && s.accepted[1])) {
        return fail("the dead stones are not accepted by both players");
      }
      if (s.phase == Phase::Play && s.rules.hasRemovalPhase()) {
        return fail("the dead stones were not agreed");
      }
      go::ScoreBreakdown score = go::scoreGame(s.game, s.dead);
      expected = score.result;
      s.finalScore = std::move(score);
      break;
    }
    default:
      expected = s.forfeited ? std::string(1, go::colorLetter(go::opponent(*s.forfeited))) + "+F"
                             : go::gameResult(s.game, go::PointSet{});
  }
  if (e.result != expected) {
    return fail("result \"" + e.result + "\" but the game gives " + expected);
  }
  s.result = expected;
  s.phase = Phase::Finished;
  s.settings.status = "finished";
  s.settings.result = expected;
  s.undoRequest.reset();
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyChat(Applying& a, const ChatEvent& e) {
  a.s.chat.push_back({0, e.channel, e.from, e.text, a.timeMs});
  return {};
}

Result<void> applyClockRestart(Applying& a, const ClockRestartEvent&) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play}); !ok) return ok;
  if (!s.clock.deadlineMs() || s.game.isOver()) return fail("no clock runs");
  s.clock.restart(a.timeMs);
  return {};
}

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
          [&](const ResignEvent& e) { return applyResignOrTimeout(a, e.colour, false); },
          [&](const ForfeitEvent& e) { return applyForfeit(a, e); },
          [&](const EndEvent& e) { return applyEnd(a, e); },
          [&](const TimeoutEvent& e) { return applyResignOrTimeout(a, e.colour, true); },
          [&](const ClockRestartEvent& e) { return applyClockRestart(a, e); },
          [&](const ChatEvent& e) { return applyChat(a, e); },
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
  const auto finish = [seq](MachineState& state) {
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
