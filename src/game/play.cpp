// Play: moves, passes and free handicap placement, decided and applied.
#include "game/game_machine_steps.h"

#include <set>

namespace tengen::game::machine {

namespace {

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

// SGF OB/OW: once the main time is spent, byo-yomi counts periods left and Canadian
// overtime the stones left to play in the period.
std::optional<int> overtimeLeft(const MachineState& s, go::Color colour, int64_t timeMs) {
  if (!s.clock.enabled()) return std::nullopt;
  const ClockState c = s.clock.state(colour, timeMs);
  if (c.mainMs > 0) return std::nullopt;
  switch (s.settings.timeControl.kind) {
    case TimeKind::Byoyomi:
      return c.periodsLeft;
    case TimeKind::Canadian:
      return c.stonesLeft;
    default:
      return std::nullopt;
  }
}

}  // namespace

Decided decideMove(const MachineState& s, const Actor& actor, const Command& c, int64_t nowMs) {
  const auto colour = moverIn(s, actor, Phase::Play, "play", nowMs);
  if (!colour) return std::unexpected(colour.error());
  if (auto bad = malformed(c)) return *bad;
  const std::string& text = std::get<PointArgs>(c.args).point;
  const std::optional<go::Point> point = s.game.geometry().fromGtp(text);
  if (!point) return refuse("illegal_move", text + " is off the board", "off_board");
  const go::MoveVerdict verdict = s.game.check(*colour, *point, go::PlayMode::Strict);
  if (verdict != go::MoveVerdict::Legal) {
    const std::string reason(verdictReason(verdict));
    return refuse("illegal_move",
                  s.game.geometry().toGtp(*point) + " is illegal for " +
                      std::string(colourName(*colour)) + ": " + reason,
                  reason);
  }
  // Previewed, not played on a copy: apply() plays it once, when it is durable.
  const go::Game::MovePreview preview = s.game.preview(*colour, *point);
  std::vector<Event> events{MoveEvent{*colour, *point, preview.captures}};
  // cycles=void (Japanese 1989 art. 12): the third repetition ends the game without result;
  // move_limit (IGS): so does the move that reaches the limit.
  if (preview.endsByRepetition || s.game.nextReachesMoveLimit()) {
    events.push_back(EndEvent{"Void"});
  }
  return events;
}

Decided decidePass(const MachineState& s, const Actor& actor, int64_t nowMs) {
  const auto colour = moverIn(s, actor, Phase::Play, "pass", nowMs);
  if (!colour) return std::unexpected(colour.error());
  std::vector<Event> events{PassEvent{*colour}};
  if (!s.game.passEnds(*colour)) {
    if (s.game.nextReachesMoveLimit()) events.push_back(EndEvent{"Void"});
    return events;
  }
  // Only a pass that ends the game is played on a copy: the count or the proposal needs the
  // ended game.
  go::Game after = s.game;
  after.play(*colour, go::kPass, go::PlayMode::Strict);
  if (!s.settings.rules.hasRemovalPhase()) {
    // Tromp-Taylor scores the board as it stands: every stone is alive.
    events.push_back(EndEvent{go::scoreGame(after, go::PointSet{}).result});
    return events;
  }
  events.push_back(removalStart(s, after));
  return events;
}

Decided decideHandicap(const MachineState& s, const Actor& actor, const Command& c, int64_t nowMs) {
  const auto colour = moverIn(s, actor, Phase::Handicap, "place handicap stones", nowMs);
  if (!colour) return std::unexpected(colour.error());
  if (auto bad = malformed(c)) return *bad;
  const std::vector<std::string>& texts = std::get<HandicapArgs>(c.args).points;
  auto points = std::make_optional<std::vector<go::Point>>();
  for (size_t i = 0; i < texts.size(); ++i) {
    auto point = boardPoint(s, texts[i], "points[" + std::to_string(i) + "]");
    if (!point) return std::unexpected(point.error());
    points->push_back(*point);
  }
  const int wanted = s.settings.handicap;
  if (static_cast<int>(points->size()) != wanted) {
    return refuse("bad_request", "expected exactly " + std::to_string(wanted) +
                                     " handicap points, got " + std::to_string(points->size()));
  }
  if (std::set<go::Point>(points->begin(), points->end()).size() != points->size()) {
    return refuse("bad_request", "the handicap points must be distinct");
  }
  go::Game trial(s.settings.size, s.settings.rules);
  if (!trial.placeHandicap(*points)) {
    return refuse("bad_request", "these handicap stones leave a chain without liberties");
  }
  return std::vector<Event>{HandicapEvent{std::move(*points)}};
}

Result<void> applyHandicap(Applying& a, const HandicapEvent& e) {
  MachineState& s = a.s;
  if (auto ok = inPhase(s, {Phase::Handicap}); !ok) return ok;
  if (static_cast<int>(e.points.size()) != s.settings.handicap) {
    return fail(std::to_string(e.points.size()) + " handicap stones, the game has " +
                std::to_string(s.settings.handicap));
  }
  go::Game game(s.settings.size, s.settings.rules);
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
  s.moves.push_back({0, colour, point, a.timeMs, secondsLeft(s, colour, a.timeMs),
                     overtimeLeft(s, colour, a.timeMs)});
  // A move answers an open undo request with no: the position it asked about is gone.
  s.undoRequest.reset();
  return {};
}

}  // namespace tengen::game::machine
