// The JSON a client sees of a game (docs/protocol.md, "State", "Events", the game summary).
#include <boost/json/parse.hpp>
#include <boost/json/string.hpp>

#include <utility>

#include "base/json_text.h"
#include "game/event_wire_format.h"
#include "game/game_machine.h"
#include "game/game_machine_json.h"
#include "game/game_machine_state.h"
#include "go/scoring.h"

namespace tengen::game {

namespace json = boost::json;
using machine::colourName;
using machine::MachineState;

namespace {

// size*size characters, the top row first, as the board is drawn.
std::string boardString(const go::Board& board) {
  const go::Geometry& g = board.geometry();
  std::string out;
  out.reserve(static_cast<size_t>(g.size() * g.size()));
  for (int row = g.size() - 1; row >= 0; --row) {
    for (int col = 0; col < g.size(); ++col) {
      const go::Color c = board.at(g.point(col, row));
      out += c == go::Color::Black ? 'b' : c == go::Color::White ? 'w' : '.';
    }
  }
  return out;
}

std::string legalString(const go::Geometry& g, const go::PointSet& legal) {
  std::string out;
  out.reserve(static_cast<size_t>(g.size() * g.size()));
  for (int row = g.size() - 1; row >= 0; --row) {
    for (int col = 0; col < g.size(); ++col) out += legal.contains(g.point(col, row)) ? '1' : '0';
  }
  return out;
}

// The confirmation under way, drawn on its own board: whose turn, the locks against the
// player to move and where that player may play.
json::value confirmationJson(const MachineState& s) {
  if (!s.confirmation) return nullptr;
  const machine::RunningConfirmation& c = *s.confirmation;
  const go::Geometry& g = s.game.geometry();
  const go::Color toMove = c.play.toMove();
  json::object out;
  out["board"] = boardString(c.play.board());
  out["toMove"] = colourName(toMove);
  out["attacker"] = colourName(c.play.attacker());
  out["disputed"] = machine::pointList(g, c.play.disputed());
  json::array moves;
  for (const go::Move& m : c.play.moves()) {
    moves.push_back(json::object{{"colour", colourName(m.color)}, {"point", g.toGtp(m.point)}});
  }
  out["moves"] = std::move(moves);
  out["locked"] = machine::pointList(g, c.play.lockedPoints(toMove));
  out["legal"] = legalString(g, c.play.legalPoints(toMove));
  out["finish"] = json::object{{"black", c.finish[go::colorIndex(go::Color::Black)]},
                               {"white", c.finish[go::colorIndex(go::Color::White)]}};
  out["deadlineMs"] = c.deadlineMs;
  return out;
}

// The last confirmation of this removal phase once it has ended: its verdict stands in the
// marks.
json::value lastConfirmationJson(const MachineState& s) {
  if (s.confirmations.empty() || s.confirmations.back().moveCount != s.moves.size()) {
    return nullptr;
  }
  const machine::ConfirmationRecord& r = s.confirmations.back();
  return json::object{{"disputed", machine::pointList(s.game.geometry(), r.disputed)},
                      {"verdict", r.dead ? "dead" : "alive"},
                      {"reason", confirmEndReasonName(r.reason)}};
}

json::value toMoveJson(const MachineState& s) {
  switch (s.phase) {
    case Phase::Handicap:
      return "black";
    case Phase::Play:
      return json::value(json::string(colourName(s.game.toMove())));
    default:
      return nullptr;
  }
}

// Players do not read the spectators' chat while the game runs (it could carry advice).
bool chatVisible(const MachineState& s, ChatChannel channel, Viewer viewer) {
  return viewer == Viewer::Spectator || channel == ChatChannel::Players || !s.running();
}

std::string_view viewerName(Viewer viewer) {
  switch (viewer) {
    case Viewer::Black:
      return "black";
    case Viewer::White:
      return "white";
    case Viewer::Spectator:
      return "spectator";
  }
  return "spectator";
}

json::object chatJson(const machine::ChatRecord& chat) {
  json::object out;
  out["kind"] = "chat";
  out["version"] = chat.version;
  out["channel"] = channelName(chat.channel);
  out["from"] = machine::playerJson(chat.from);
  out["text"] = chat.text;
  out["timeMs"] = chat.timeMs;
  return out;
}

// Why a finished game ended, so that a "Void" can say whether a repetition or the move limit
// stopped it.
json::value endReasonJson(const MachineState& s) {
  if (s.claim) return s.claim->outcome == ClaimOutcome::Win ? "abandoned" : "annulled";
  if (s.inactive) return "inactivity";
  if (s.forfeited) return "forfeit";
  switch (s.game.endReason()) {
    case go::EndReason::Passes:
      return "passes";
    case go::EndReason::Repetition:
      return "repetition";
    case go::EndReason::MoveLimit:
      return "moveLimit";
    case go::EndReason::Resignation:
      return "resignation";
    case go::EndReason::Timeout:
      return "timeout";
    case go::EndReason::None:
      break;
  }
  return nullptr;
}

}  // namespace

// The `state` object, written as text: it goes out with every event, and stateJson is this
// text parsed, so the state has one writer. Written straight rather than as a tree first; that
// was expected to save CPU and measured the same (docs/performance.md, "The event as text").
// The board and the legal map are written as they are (only '.', 'b', 'w', '0', '1'); the
// rarer parts (clocks, the removal phase, the score) go through Boost.JSON and jsonText, which
// writes numbers as JavaScript does.
std::string GameMachine::stateText(int64_t nowMs) const {
  const MachineState& s = *state_;
  const go::Game& game = s.game;
  const go::Geometry& g = game.geometry();
  const auto value = [](const json::value& v) { return jsonText(v); };
  std::string out;
  out.reserve(static_cast<size_t>(2 * g.size() * g.size()) + 512);
  out += R"({"phase":")";
  out += phaseName(s.phase);
  out += R"(","toMove":)";
  out += value(toMoveJson(s));
  out += R"(,"moveNumber":)";
  out += std::to_string(moveNumber());
  out += R"(,"board":")";
  out += boardString(game.board());
  out += R"(","lastMove":)";
  out += game.moves().empty() ? "null" : "\"" + g.toGtp(game.moves().back().point) + "\"";
  out += R"(,"captures":{"black":)";
  out += std::to_string(game.board().captures(go::Color::Black));
  out += R"(,"white":)";
  out += std::to_string(game.board().captures(go::Color::White));
  out += R"(},"legal":)";
  if (s.phase == Phase::Play && !game.isOver()) {
    out += '"';
    out += legalString(g, game.legalPoints(game.toMove()));
    out += '"';
  } else {
    out += "null";
  }
  json::value clocks = s.clock.toJson(nowMs);
  // Whose vacation pauses them, so a viewer sees why the clocks stand still.
  if (clocks.is_object() && (s.vacation[0] || s.vacation[1])) {
    json::array away;
    for (go::Color colour : {go::Color::Black, go::Color::White}) {
      if (s.vacation[go::colorIndex(colour)]) away.push_back(json::value(colourName(colour)));
    }
    clocks.as_object()["onVacation"] = std::move(away);
  }
  out += R"(,"clocks":)";
  out += value(clocks);
  out += R"(,"undoRequest":)";
  out += s.undoRequest ? "\"" + std::string(colourName(*s.undoRequest)) + "\"" : "null";
  out += R"(,"removal":)";
  if (s.phase == Phase::Removal) {
    json::object removal;
    removal["dead"] = machine::pointList(g, s.dead);
    removal["uncertain"] = machine::pointList(g, s.uncertain);
    json::object accepted;
    accepted["black"] = s.accepted[go::colorIndex(go::Color::Black)];
    accepted["white"] = s.accepted[go::colorIndex(go::Color::White)];
    removal["accepted"] = std::move(accepted);
    // Whether these rules let a player dispute stones by confirmation play (the page's
    // Dispute button), so that the page keeps no rules knowledge of its own.
    removal["canConfirm"] = s.settings.rules.confirmation;
    removal["confirmation"] = confirmationJson(s);
    removal["lastConfirmation"] = lastConfirmationJson(s);
    out += value(removal);
  } else {
    out += "null";
  }
  out += R"(,"result":)";
  out += s.settings.result ? value(json::string(s.settings.result->toSgf())) : "null";
  out += R"(,"endReason":)";
  out += s.phase == Phase::Finished ? value(endReasonJson(s)) : "null";
  out += R"(,"forfeit":)";
  if (s.forfeited) {
    out += value(json::object{{"colour", machine::colourName(*s.forfeited)},
                              {"reason", s.forfeitReason},
                              {"detail", s.forfeitDetail}});
  } else {
    out += "null";
  }
  out += R"(,"score":)";
  if (s.phase == Phase::Removal) {
    // The count as it would stand if both accepted the current marks.
    out += value(machine::scoreJson(go::scoreGame(game, s.dead), g, s.settings.rules));
  } else if (s.phase == Phase::Finished && s.finalScore) {
    out += value(machine::scoreJson(*s.finalScore, g, s.settings.rules));
  } else {
    out += "null";
  }
  out += '}';
  return out;
}

json::object GameMachine::stateJson(int64_t nowMs) const {
  return json::parse(stateText(nowMs)).as_object();
}

json::object GameMachine::summaryJson() const {
  const MachineState& s = *state_;
  json::object out;
  out["id"] = s.settings.id;
  out["size"] = s.settings.size;
  out["rules"] = s.settings.rules.toString();
  out["komi"] = s.settings.rules.komi;
  out["handicap"] = s.settings.handicap;
  out["handicapPlacement"] = s.settings.freeHandicap ? "free" : "fixed";
  out["colour"] = colourChoiceName(s.settings.colourChoice);
  out["time"] = s.settings.timeControl.toJson();
  out["owner"] = machine::playerJson(s.owner);
  out["black"] = machine::playerOrNull(s.black);
  out["white"] = machine::playerOrNull(s.white);
  out["status"] = gameStatusName(s.settings.status);
  out["rated"] = s.settings.rated;
  // Only when allowed: most tables do not, and their summaries stay as they were.
  if (s.settings.estimates) out["estimates"] = true;
  out["result"] = s.settings.result ? s.settings.result->toSgf() : std::string();
  out["moveNumber"] = moveNumber();
  out["createdMs"] = s.settings.createdMs;
  return out;
}

json::object GameMachine::gameStateMessage(Viewer viewer, int64_t nowMs) const {
  const MachineState& s = *state_;
  const go::Geometry& g = s.game.geometry();
  json::object out;
  out["type"] = "game_state";
  out["gameId"] = s.settings.id;
  out["version"] = s.version;
  out["game"] = summaryJson();
  out["you"] = viewerName(viewer);
  out["state"] = stateJson(nowMs);
  json::array moves;
  for (const machine::MoveRecord& m : s.moves) {
    json::object move;
    move["version"] = m.version;
    move["colour"] = colourName(m.colour);
    move["point"] = g.toGtp(m.point);
    move["timeMs"] = m.timeMs;
    moves.push_back(std::move(move));
  }
  out["moves"] = std::move(moves);
  json::array chat;
  for (const machine::ChatRecord& c : s.chat) {
    if (chatVisible(s, c.channel, viewer)) chat.push_back(chatJson(c));
  }
  out["chat"] = std::move(chat);
  return out;
}

std::string GameMachine::eventText(const Event& event, int64_t seq, int64_t timeMs,
                                   Viewer viewer, int64_t nowMs) const {
  const MachineState& s = *state_;
  json::object shown;
  const ChatEvent* chat = std::get_if<ChatEvent>(&event);
  if (chat && !chatVisible(s, chat->channel, viewer)) {
    // Versions never skip, so the event still arrives, without its text.
    shown = json::object{{"kind", "chat"}, {"channel", "spectators"}, {"hidden", true}};
  } else {
    shown = wireEvent(event, s.game.geometry(), timeMs);
    if (std::holds_alternative<EndEvent>(event) && s.finalScore) {
      shown["score"] = machine::scoreJson(*s.finalScore, s.game.geometry(), s.settings.rules);
    }
  }
  std::string out = R"({"type":"game_event","gameId":)";
  out += std::to_string(s.settings.id);
  out += R"(,"version":)";
  out += std::to_string(seq);
  out += R"(,"event":)";
  out += jsonText(shown);
  out += R"(,"state":)";
  out += stateText(nowMs);
  out += '}';
  return out;
}

json::object GameMachine::eventMessage(const Event& event, int64_t seq, int64_t timeMs,
                                       Viewer viewer, int64_t nowMs) const {
  return json::parse(eventText(event, seq, timeMs, viewer, nowMs)).as_object();
}

}  // namespace tengen::game
