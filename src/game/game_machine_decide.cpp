// GameMachine::decide: validates a command against the current state and says which events
// it produces. Nothing here changes the state; apply() (game_machine_apply.cpp) does.
#include <boost/json/string.hpp>

#include <algorithm>
#include <functional>
#include <set>
#include <string_view>
#include <utility>

#include "game/game_machine.h"
#include "game/game_machine_json.h"
#include "game/game_machine_state.h"
#include "go/scoring.h"

namespace tengen::game {

namespace json = boost::json;
using machine::colourName;
using machine::MachineState;

namespace {

using Decided = std::expected<std::vector<Event>, CommandError>;

std::unexpected<CommandError> refuse(std::string code, std::string message,
                                     std::string reason = {}) {
  return std::unexpected(CommandError{std::move(code), std::move(message), std::move(reason)});
}

std::string winsBy(go::Color loser, char how) {
  return std::string(1, go::colorLetter(go::opponent(loser))) + "+" + how;
}

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
    default:
      return go::verdictName(verdict);
  }
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
  // cycles=void (Japanese 1989 art. 12): the third repetition ends the game without result.
  if (preview.endsByRepetition) events.push_back(EndEvent{"Void"});
  return events;
}

Decided decidePass(const MachineState& s, const Actor& actor, int64_t nowMs) {
  const auto colour = moverIn(s, actor, Phase::Play, "pass", nowMs);
  if (!colour) return std::unexpected(colour.error());
  std::vector<Event> events{PassEvent{*colour}};
  if (!s.game.passEnds(*colour)) return events;
  // Only a pass that ends the game is played on a copy: the count or the proposal needs the
  // ended game.
  go::Game after = s.game;
  after.play(*colour, go::kPass, go::PlayMode::Strict);
  if (!s.rules.hasRemovalPhase()) {
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
  go::Game trial(s.settings.size, s.rules);
  if (!trial.placeHandicap(*points)) {
    return refuse("bad_request", "these handicap stones leave a chain without liberties");
  }
  return std::vector<Event>{HandicapEvent{std::move(*points)}};
}

Decided decideResign(const MachineState& s, const Actor& actor) {
  const auto colour = playerIn(s, actor, {Phase::Handicap, Phase::Play, Phase::Removal}, "resign");
  if (!colour) return std::unexpected(colour.error());
  return std::vector<Event>{ResignEvent{*colour}, EndEvent{winsBy(*colour, 'R')}};
}

Decided decideUndoRequest(const MachineState& s, const Actor& actor) {
  const auto colour = playerIn(s, actor, {Phase::Play}, "ask for an undo");
  if (!colour) return std::unexpected(colour.error());
  if (s.undoRequest) {
    return refuse("bad_request", std::string(colourName(*s.undoRequest)) +
                                     " has already asked for an undo; it must be answered first");
  }
  if (!machine::undoableMove(s, *colour)) {
    return refuse("nothing_to_undo", "you have no move to take back");
  }
  return std::vector<Event>{UndoRequestEvent{*colour}};
}

Decided decideUndoReply(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = playerIn(s, actor, {Phase::Play}, "answer an undo request");
  if (!colour) return std::unexpected(colour.error());
  if (!s.undoRequest) return refuse("no_undo_request", "nobody has asked for an undo");
  if (*s.undoRequest == *colour) {
    return refuse("no_undo_request", "only your opponent can answer your undo request");
  }
  if (auto bad = malformed(c)) return *bad;
  UndoReplyEvent reply{*colour, std::get<UndoReplyArgs>(c.args).accept, 0};
  if (reply.accept) {
    const size_t first = *machine::undoableMove(s, *s.undoRequest);
    reply.undone = static_cast<int>(s.moves.size() - first);
  }
  return std::vector<Event>{reply};
}

Decided decideToggle(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = playerIn(s, actor, {Phase::Removal}, "mark dead stones");
  if (!colour) return std::unexpected(colour.error());
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
  return std::vector<Event>{ResumeEvent{*colour, s.rules.toMoveOnResume(*colour, s.game.toMove())}};
}

Decided decideChat(const MachineState& s, const Actor& actor, const Command& c) {
  if (auto bad = malformed(c)) return *bad;
  const std::string& text = std::get<ChatArgs>(c.args).text;
  return std::vector<Event>{
      ChatEvent{s.seated(actor.userId) ? ChatChannel::Players : ChatChannel::Spectators,
                Player{actor.userId, actor.name}, std::string(text)}};
}

// The joiner's colour: fixed by the owner's choice, or by the nigiri the room drew.
std::expected<go::Color, CommandError> joinerColour(const MachineState& s, const JoinArgs& join) {
  if (s.settings.colourChoice == "black") return go::Color::White;
  if (s.settings.colourChoice == "white") return go::Color::Black;
  if (join.coin) return *join.coin == 0 ? go::Color::Black : go::Color::White;
  if (join.nigiri) return *join.nigiri;
  return refuse("bad_request", "a nigiri table needs the drawn \"coin\" (0 or 1) to seat players");
}

Decided decideJoin(const MachineState& s, const Actor& actor, const Command& c) {
  if (s.phase != Phase::Open) return refuse("not_open", "the game has already started or ended");
  if (actor.userId == s.owner.id) return refuse("own_table", "you cannot join your own table");
  if (auto bad = malformed(c)) return *bad;
  const JoinArgs& join = std::get<JoinArgs>(c.args);
  const auto colour = joinerColour(s, join);
  if (!colour) return std::unexpected(colour.error());
  const Player joiner{actor.userId, actor.name, join.joinerBot};
  return std::vector<Event>{StartEvent{*colour == go::Color::Black ? joiner : s.owner,
                                       *colour == go::Color::White ? joiner : s.owner,
                                       s.settings.colourChoice == "nigiri"}};
}

Decided decideCancel(const MachineState& s, const Actor& actor) {
  if (actor.userId != s.owner.id) return refuse("not_owner", "only the owner can cancel a table");
  if (s.phase != Phase::Open) return refuse("not_open", "the game has already started or ended");
  return std::vector<Event>{CancelEvent{}};
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
// event records it, so a later replay restarts it at the same time (the documented policy:
// after a restart the running clock restarts from the time it had at the last event).
Decided decideClockRestart(const MachineState& s) {
  if (s.phase != Phase::Handicap && s.phase != Phase::Play) {
    return refuse("wrong_phase",
                  "no clock runs in the " + std::string(phaseName(s.phase)) + " phase");
  }
  if (!s.clock.deadlineMs() || s.game.isOver()) return refuse("bad_request", "no clock runs");
  return std::vector<Event>{ClockRestartEvent{}};
}

}  // namespace

std::expected<std::vector<Event>, CommandError> GameMachine::decide(const Actor& actor,
                                                                    const Command& command,
                                                                    int64_t nowMs) const {
  const MachineState& s = *state_;
  const CommandKind kind = command.kind;
  // The room's own clock acts for nobody; everything else acts for a user.
  if (commandSpec(kind).sender != CommandSender::Clock && actor.userId == 0) {
    return refuse("not_logged_in", "log in to " + std::string(commandName(kind)));
  }
  if (command.expectedVersion && *command.expectedVersion != s.version) {
    return refuse("stale_version", "the game is at version " + std::to_string(s.version) +
                                       ", not " + std::to_string(*command.expectedVersion));
  }
  switch (kind) {
    case CommandKind::Move:
      return decideMove(s, actor, command, nowMs);
    case CommandKind::Pass:
      return decidePass(s, actor, nowMs);
    case CommandKind::Resign:
      return decideResign(s, actor);
    case CommandKind::PlaceHandicap:
      return decideHandicap(s, actor, command, nowMs);
    case CommandKind::UndoRequest:
      return decideUndoRequest(s, actor);
    case CommandKind::UndoReply:
      return decideUndoReply(s, actor, command);
    case CommandKind::RemovalToggle:
      return decideToggle(s, actor, command);
    case CommandKind::RemovalAccept:
      return decideAccept(s, actor);
    case CommandKind::Resume:
      return decideResume(s, actor);
    case CommandKind::Chat:
      return decideChat(s, actor, command);
    case CommandKind::Join:
      return decideJoin(s, actor, command);
    case CommandKind::Cancel:
      return decideCancel(s, actor);
    case CommandKind::Forfeit:
      return decideForfeit(s, actor, command);
    case CommandKind::Timeout:
      return decideTimeout(s, nowMs);
    case CommandKind::ClockRestart:
      return decideClockRestart(s);
  }
  return refuse("bad_request", "unknown game command");
}

}  // namespace tengen::game
