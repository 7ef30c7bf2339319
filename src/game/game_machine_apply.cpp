// GameMachine::apply: folds one committed event into the state. Every event is checked
// against the state as decide() would have checked the command, so a corrupt or tampered log
// fails at the first bad event (named by its seq) instead of producing a different game.
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <utility>

#include "game/game_machine.h"
#include "game/game_machine_json.h"
#include "game/game_machine_state.h"
#include "go/handicap.h"
#include "go/scoring.h"

namespace tengen::game {

namespace json = boost::json;
using machine::MachineState;

namespace {

struct Applying {
  MachineState& s;
  const json::object& payload;
  int64_t timeMs;
};

Result<const json::value*> field(const Applying& a, std::string_view name) {
  const json::value* value = a.payload.if_contains(name);
  if (!value) return fail("missing field \"" + std::string(name) + "\"");
  return value;
}

Result<go::Color> colourField(const Applying& a, std::string_view name = "colour") {
  auto value = field(a, name);
  if (!value) return std::unexpected(value.error());
  return machine::parseColour(**value, name);
}

Result<bool> boolField(const Applying& a, std::string_view name) {
  auto value = field(a, name);
  if (!value) return std::unexpected(value.error());
  if (!(*value)->is_bool()) return fail("expected a bool", std::string(name));
  return (*value)->as_bool();
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

Result<void> applyStart(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Open}); !ok) return ok;
  auto black = field(a, "black");
  if (!black) return std::unexpected(black.error());
  auto white = field(a, "white");
  if (!white) return std::unexpected(white.error());
  auto blackPlayer = machine::parsePlayer(**black, "black");
  if (!blackPlayer) return std::unexpected(blackPlayer.error());
  auto whitePlayer = machine::parsePlayer(**white, "white");
  if (!whitePlayer) return std::unexpected(whitePlayer.error());
  if (blackPlayer->id == whitePlayer->id) return fail("black and white are the same user");
  if (blackPlayer->id != s.owner.id && whitePlayer->id != s.owner.id) {
    return fail("the owner does not sit at the table");
  }
  auto nigiri = boolField(a, "nigiri");
  if (!nigiri) return std::unexpected(nigiri.error());
  s.black = *blackPlayer;
  s.white = *whitePlayer;
  // A bot that owns its table (a bot match) is known as a bot only from the start event.
  if (blackPlayer->id == s.owner.id) s.owner.bot = blackPlayer->bot;
  if (whitePlayer->id == s.owner.id) s.owner.bot = whitePlayer->bot;
  s.nigiri = *nigiri;
  s.settings.blackUserId = blackPlayer->id;
  s.settings.whiteUserId = whitePlayer->id;
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

Result<void> applyCancel(Applying& a) {
  if (auto ok = inPhase(a.s, {Phase::Open}); !ok) return ok;
  a.s.phase = Phase::Cancelled;
  a.s.settings.status = "cancelled";
  return {};
}

Result<void> applyHandicap(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap}); !ok) return ok;
  auto value = field(a, "points");
  if (!value) return std::unexpected(value.error());
  auto points = machine::parsePointList(s.game.geometry(), **value, "points");
  if (!points) return std::unexpected(points.error());
  if (static_cast<int>(points->size()) != s.settings.handicap) {
    return fail(std::to_string(points->size()) + " handicap stones, the game has " +
                std::to_string(s.settings.handicap));
  }
  go::Game game(s.settings.size, s.rules);
  if (!game.placeHandicap(*points) || game.handicap() != s.settings.handicap) {
    return fail("the handicap stones cannot be placed");
  }
  s.handicapStones = *points;
  s.game = std::move(game);
  s.phase = Phase::Play;
  clockAfterMove(s, go::Color::Black, a.timeMs);
  return {};
}

Result<void> applyMoveOrPass(Applying& a, bool pass) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (s.game.isOver()) return fail("the game has already ended");
  auto colour = colourField(a);
  if (!colour) return std::unexpected(colour.error());
  go::Point point = go::kPass;
  if (!pass) {
    auto value = field(a, "point");
    if (!value) return std::unexpected(value.error());
    auto parsed = machine::parsePoint(s.game.geometry(), **value, "point");
    if (!parsed) return std::unexpected(parsed.error());
    point = *parsed;
  }
  const go::MoveVerdict verdict = s.game.play(*colour, point, go::PlayMode::Strict);
  if (verdict != go::MoveVerdict::Legal) {
    return fail("illegal move " + std::string(1, go::colorLetter(*colour)) + " " +
                s.game.geometry().toGtp(point) + ": " + go::verdictName(verdict));
  }
  clockAfterMove(s, *colour, a.timeMs);
  s.moves.push_back({0, *colour, point, a.timeMs, secondsLeft(s, *colour, a.timeMs)});
  // A move answers an open undo request with no: the position it asked about is gone.
  s.undoRequest.reset();
  return {};
}

Result<void> applyUndoRequest(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  auto colour = colourField(a);
  if (!colour) return std::unexpected(colour.error());
  if (s.undoRequest) return fail("an undo request is already open");
  if (!machine::undoableMove(s, *colour)) return fail("the player has nothing to undo");
  s.undoRequest = *colour;
  return {};
}

Result<void> applyUndoReply(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  auto colour = colourField(a);
  if (!colour) return std::unexpected(colour.error());
  if (!s.undoRequest || *s.undoRequest == *colour) return fail("no undo request to answer");
  auto accept = boolField(a, "accept");
  if (!accept) return std::unexpected(accept.error());
  const go::Color requester = *s.undoRequest;
  s.undoRequest.reset();
  if (!*accept) return {};
  const size_t first = *machine::undoableMove(s, requester);
  auto undone = field(a, "undone");
  if (!undone) return std::unexpected(undone.error());
  if (machine::asInteger(**undone) != static_cast<int64_t>(s.moves.size() - first)) {
    return fail("\"undone\" does not match the moves since the requester's last one");
  }
  s.moves.resize(first);
  if (!machine::rebuildGame(s)) return fail("the moves no longer replay after the undo");
  // The requester plays again on their own clock; the time spent is not refunded (clocks
  // count thinking time, and an undo is thinking done).
  s.clock.start(requester, a.timeMs);
  return {};
}

Result<void> applyRemovalStart(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Play}); !ok) return ok;
  if (s.game.endReason() != go::EndReason::Passes) return fail("the game has not ended by passes");
  if (!s.rules.hasRemovalPhase()) return fail("these rules have no removal phase");
  const go::Geometry& g = s.game.geometry();
  auto deadValue = field(a, "dead");
  if (!deadValue) return std::unexpected(deadValue.error());
  auto dead = machine::parsePointList(g, **deadValue, "dead");
  if (!dead) return std::unexpected(dead.error());
  auto uncertainValue = field(a, "uncertain");
  if (!uncertainValue) return std::unexpected(uncertainValue.error());
  auto uncertain = machine::parsePointList(g, **uncertainValue, "uncertain");
  if (!uncertain) return std::unexpected(uncertain.error());
  for (go::Point p : *dead) {
    if (!go::isStone(s.game.board().at(p)))
      return fail("no stone at " + g.toGtp(p) + " to be dead");
  }
  s.dead = toSet(*dead);
  s.uncertain = toSet(*uncertain);
  s.accepted = {false, false};
  s.phase = Phase::Removal;
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyToggle(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  if (auto colour = colourField(a); !colour) return std::unexpected(colour.error());
  const go::Board& board = s.game.board();
  auto value = field(a, "point");
  if (!value) return std::unexpected(value.error());
  auto point = machine::parsePoint(board.geometry(), **value, "point");
  if (!point) return std::unexpected(point.error());
  if (!go::isStone(board.at(*point))) return fail("no stone at " + board.geometry().toGtp(*point));
  auto dead = boolField(a, "dead");
  if (!dead) return std::unexpected(dead.error());
  auto pointsValue = field(a, "points");
  if (!pointsValue) return std::unexpected(pointsValue.error());
  auto points = machine::parsePointList(board.geometry(), **pointsValue, "points");
  if (!points) return std::unexpected(points.error());
  const go::PointSet chain = board.chainStones(*point);
  if (toSet(*points) != chain) return fail("\"points\" is not the chain at the point");
  chain.forEach([&](go::Point p) {
    if (*dead) {
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

Result<void> applyAccept(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  auto colour = colourField(a);
  if (!colour) return std::unexpected(colour.error());
  s.accepted[go::colorIndex(*colour)] = true;
  return {};
}

Result<void> applyResume(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Removal}); !ok) return ok;
  auto colour = colourField(a);
  if (!colour) return std::unexpected(colour.error());
  auto toMove = colourField(a, "toMove");
  if (!toMove) return std::unexpected(toMove.error());
  s.game.resume(*toMove);
  s.resumes.push_back({s.moves.size(), *toMove});
  s.dead.clear();
  s.uncertain.clear();
  s.accepted = {false, false};
  s.phase = Phase::Play;
  s.clock.start(*toMove, a.timeMs);
  return {};
}

Result<void> applyResignOrTimeout(Applying& a, bool timeout) {
  MachineState& s = a.s;
  auto phaseOk = timeout ? inPhase(s, {Phase::Handicap, Phase::Play})
                         : inPhase(s, {Phase::Handicap, Phase::Play, Phase::Removal});
  if (!phaseOk) return phaseOk;
  auto colour = colourField(a);
  if (!colour) return std::unexpected(colour.error());
  if (timeout) {
    s.game.timeout(*colour);
  } else {
    s.game.resign(*colour);
  }
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyForfeit(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play, Phase::Removal}); !ok) return ok;
  if (s.game.isOver() && s.phase != Phase::Removal) return fail("the game has already ended");
  auto colour = colourField(a);
  if (!colour) return std::unexpected(colour.error());
  // The engine's side loses as if it had resigned; the end event says "+F", not "+R".
  s.game.resign(*colour);
  s.forfeited = *colour;
  // Older logs may lack the text; the forfeit still stands.
  const auto text = [&](std::string_view name) {
    const json::value* value = a.payload.if_contains(name);
    return value && value->is_string() ? std::string(value->as_string()) : std::string();
  };
  s.forfeitReason = text("reason");
  s.forfeitDetail = text("detail");
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyEnd(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play, Phase::Removal}); !ok) return ok;
  auto value = field(a, "result");
  if (!value) return std::unexpected(value.error());
  if (!(*value)->is_string()) return fail("expected a string", "result");
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
  if ((*value)->as_string() != expected) {
    return fail("result " + json::serialize(**value) + " but the game gives " + expected);
  }
  s.result = expected;
  s.phase = Phase::Finished;
  s.settings.status = "finished";
  s.settings.result = expected;
  s.undoRequest.reset();
  s.clock.stop(a.timeMs);
  return {};
}

Result<void> applyChat(Applying& a) {
  MachineState& s = a.s;
  auto channel = field(a, "channel");
  if (!channel) return std::unexpected(channel.error());
  if (!(*channel)->is_string() ||
      ((*channel)->as_string() != "players" && (*channel)->as_string() != "spectators")) {
    return fail("expected \"players\" or \"spectators\"", "channel");
  }
  auto from = field(a, "from");
  if (!from) return std::unexpected(from.error());
  auto player = machine::parsePlayer(**from, "from");
  if (!player) return std::unexpected(player.error());
  auto text = field(a, "text");
  if (!text) return std::unexpected(text.error());
  if (!(*text)->is_string()) return fail("expected a string", "text");
  s.chat.push_back({0, std::string((*channel)->as_string()), *player,
                    std::string((*text)->as_string()), a.timeMs});
  return {};
}

Result<void> applyClockRestart(Applying& a) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap, Phase::Play}); !ok) return ok;
  if (!s.clock.deadlineMs() || s.game.isOver()) return fail("no clock runs");
  s.clock.restart(a.timeMs);
  return {};
}

Result<void> applyKind(std::string_view kind, Applying& a) {
  if (kind == "start") return applyStart(a);
  if (kind == "cancel") return applyCancel(a);
  if (kind == "handicap") return applyHandicap(a);
  if (kind == "move") return applyMoveOrPass(a, false);
  if (kind == "pass") return applyMoveOrPass(a, true);
  if (kind == "undo_request") return applyUndoRequest(a);
  if (kind == "undo_reply") return applyUndoReply(a);
  if (kind == "removal_start") return applyRemovalStart(a);
  if (kind == "removal_toggle") return applyToggle(a);
  if (kind == "removal_accept") return applyAccept(a);
  if (kind == "resume") return applyResume(a);
  if (kind == "resign") return applyResignOrTimeout(a, false);
  if (kind == "timeout") return applyResignOrTimeout(a, true);
  if (kind == "end") return applyEnd(a);
  if (kind == "forfeit") return applyForfeit(a);
  if (kind == "chat") return applyChat(a);
  if (kind == "clock_restart") return applyClockRestart(a);
  return fail("unknown event kind \"" + std::string(kind) + "\"");
}

}  // namespace

Result<void> GameMachine::apply(const LoggedEvent& event) {
  boost::system::error_code ec;
  const json::value parsed = json::parse(event.payload, ec);
  if (ec || !parsed.is_object()) {
    if (event.seq != state_->version + 1) {
      return fail("expected seq " + std::to_string(state_->version + 1),
                  "event seq " + std::to_string(event.seq));
    }
    return fail("the payload is not a JSON object", "event seq " + std::to_string(event.seq));
  }
  return apply(event, parsed.as_object());
}

Result<void> GameMachine::apply(const LoggedEvent& event, const json::object& payload) {
  MachineState& s = *state_;
  const std::string where = "event seq " + std::to_string(event.seq);
  if (event.seq != s.version + 1) {
    return fail("expected seq " + std::to_string(s.version + 1), where);
  }
  const json::value* kind = payload.if_contains("kind");
  if (!kind || !kind->is_string()) return fail("the payload has no \"kind\"", where);
  if (kind->as_string() != event.type) {
    return fail("type \"" + event.type + "\" but kind " + json::serialize(*kind), where);
  }
  const auto finish = [&event](auto& state) {
    if (!state.moves.empty() && state.moves.back().version == 0) {
      state.moves.back().version = event.seq;
    }
    if (!state.chat.empty() && state.chat.back().version == 0) {
      state.chat.back().version = event.seq;
    }
    state.version = event.seq;
  };
  // Moves and passes are most of every log and check everything before they change anything
  // (Game::play refuses without touching the board), so they apply in place: copying the whole
  // game for each of them cost more than the rest of a move's work on a busy server.
  if (kind->as_string() == "move" || kind->as_string() == "pass") {
    Applying applying{s, payload, event.timeMs};
    if (auto ok = applyKind(kind->as_string(), applying); !ok) {
      return fail(ok.error().toString(), where);
    }
    finish(s);
    return {};
  }
  // The rarer events work on a copy, so one that fails halfway leaves the machine as it was.
  State next = *state_;
  Applying applying{next, payload, event.timeMs};
  if (auto ok = applyKind(kind->as_string(), applying); !ok) {
    return fail(ok.error().toString(), where);
  }
  finish(next);
  *state_ = std::move(next);
  return {};
}

}  // namespace tengen::game
