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

constexpr size_t kMaxChatChars = 500;
constexpr size_t kMaxChatBytes = 2000;

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

// GTP vertex syntax (a column letter other than I, then a row without leading zero), so that
// "A20" on 19x19 is an off-board move while "I5" or "D" is a malformed request.
bool looksLikeVertex(std::string_view text) {
  if (text.size() < 2 || text.size() > 3) return false;
  const char letter = static_cast<char>(text[0] & ~0x20);
  if (letter < 'A' || letter > 'Z' || letter == 'I') return false;
  if (text[1] < '1' || text[1] > '9') return false;
  return text.size() == 2 || (text[2] >= '0' && text[2] <= '9');
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

std::expected<go::Point, CommandError> fieldPoint(const MachineState& s, const Command& c) {
  const json::value* value = c.fields.if_contains("point");
  if (!value || !value->is_string()) {
    return refuse("bad_request", "missing \"point\": a point such as \"D4\"");
  }
  const std::string_view text = value->as_string();
  if (!looksLikeVertex(text)) {
    return refuse("bad_request", "\"" + std::string(text) + "\" is not a point such as \"D4\"");
  }
  const std::optional<go::Point> point = s.game.geometry().fromGtp(text);
  if (!point) {
    return refuse("illegal_move", std::string(text) + " is off the board", "off_board");
  }
  return *point;
}

Decided decideMove(const MachineState& s, const Actor& actor, const Command& c, int64_t nowMs) {
  const auto colour = moverIn(s, actor, Phase::Play, "play", nowMs);
  if (!colour) return std::unexpected(colour.error());
  const auto point = fieldPoint(s, c);
  if (!point) return std::unexpected(point.error());
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
  const json::value* value = c.fields.if_contains("points");
  if (!value) return refuse("bad_request", "missing \"points\": a list of points");
  auto points = machine::parsePointList(s.game.geometry(), *value, "points");
  if (!points) return refuse("bad_request", points.error().toString());
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
  const json::value* accept = c.fields.if_contains("accept");
  if (!accept || !accept->is_bool()) return refuse("bad_request", "missing \"accept\": a bool");
  UndoReplyEvent reply{*colour, accept->as_bool(), 0};
  if (reply.accept) {
    const size_t first = *machine::undoableMove(s, *s.undoRequest);
    reply.undone = static_cast<int>(s.moves.size() - first);
  }
  return std::vector<Event>{reply};
}

Decided decideToggle(const MachineState& s, const Actor& actor, const Command& c) {
  const auto colour = playerIn(s, actor, {Phase::Removal}, "mark dead stones");
  if (!colour) return std::unexpected(colour.error());
  const json::value* value = c.fields.if_contains("point");
  if (!value) return refuse("bad_request", "missing \"point\": a stone such as \"D4\"");
  const auto point = machine::parsePoint(s.game.geometry(), *value, "point");
  if (!point) return refuse("bad_request", point.error().toString());
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

// Counts code points; the socket has already checked that the text is UTF-8.
size_t utf8Length(std::string_view text) {
  return static_cast<size_t>(
      std::count_if(text.begin(), text.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

Decided decideChat(const MachineState& s, const Actor& actor, const Command& c) {
  const json::value* value = c.fields.if_contains("text");
  if (!value || !value->is_string()) return refuse("bad_request", "missing \"text\": a string");
  const std::string_view text = value->as_string();
  const bool blank = std::all_of(text.begin(), text.end(), [](char ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
  });
  if (blank) return refuse("bad_request", "the chat text is empty");
  if (utf8Length(text) > kMaxChatChars || text.size() > kMaxChatBytes) {
    return refuse("bad_request", "the chat text is longer than 500 characters");
  }
  return std::vector<Event>{
      ChatEvent{s.seated(actor.userId) ? ChatChannel::Players : ChatChannel::Spectators,
                Player{actor.userId, actor.name}, std::string(text)}};
}

// The joiner's colour: fixed by the owner's choice, or by the nigiri the room drew ("coin" 0
// gives the joiner black, 1 white; or "nigiri" naming the joiner's colour).
std::expected<go::Color, CommandError> joinerColour(const MachineState& s, const Command& c) {
  if (s.settings.colourChoice == "black") return go::Color::White;
  if (s.settings.colourChoice == "white") return go::Color::Black;
  if (const json::value* coin = c.fields.if_contains("coin")) {
    const auto value = machine::asInteger(*coin);
    if (value == 0) return go::Color::Black;
    if (value == 1) return go::Color::White;
    return refuse("bad_request", "\"coin\" must be 0 or 1");
  }
  if (const json::value* nigiri = c.fields.if_contains("nigiri")) {
    auto colour = machine::parseColour(*nigiri, "nigiri");
    if (!colour) return refuse("bad_request", colour.error().toString());
    return *colour;
  }
  return refuse("bad_request", "a nigiri table needs the drawn \"coin\" (0 or 1) to seat players");
}

Decided decideJoin(const MachineState& s, const Actor& actor, const Command& c) {
  if (s.phase != Phase::Open) return refuse("not_open", "the game has already started or ended");
  if (actor.userId == s.owner.id) return refuse("own_table", "you cannot join your own table");
  const auto colour = joinerColour(s, c);
  if (!colour) return std::unexpected(colour.error());
  const json::value* joinerBot = c.fields.if_contains("joinerBot");
  const Player joiner{actor.userId, actor.name,
                      joinerBot && joinerBot->is_bool() && joinerBot->as_bool()};
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
  const json::value* reason = c.fields.if_contains("reason");
  const json::value* detail = c.fields.if_contains("detail");
  if (!reason || !reason->is_string() || !detail || !detail->is_string()) {
    return refuse("bad_request", "a forfeit needs \"reason\" and \"detail\" strings");
  }
  return std::vector<Event>{
      ForfeitEvent{*colour, std::string(reason->as_string()), std::string(detail->as_string())},
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
  if (const json::value* expected = command.fields.if_contains("expectedVersion")) {
    const auto version = machine::asInteger(*expected);
    if (!version) return refuse("bad_request", "\"expectedVersion\" must be an integer");
    if (*version != s.version) {
      return refuse("stale_version", "the game is at version " + std::to_string(s.version) +
                                         ", not " + std::to_string(*version));
    }
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
