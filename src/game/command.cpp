// decodeCommand: a client's JSON fields into a typed command, once, where it enters. The
// messages are those docs/protocol.md promises for bad_request.
#include "game/command.h"

#include <algorithm>
#include <utility>

#include "base/quote_input.h"
#include "game/game_machine_json.h"

namespace tengen::game {

namespace json = boost::json;

namespace {

constexpr size_t kMaxChatChars = 500;
constexpr size_t kMaxChatBytes = 2000;

using Decoded = std::expected<CommandArgs, CommandError>;

std::unexpected<CommandError> badRequest(std::string message) {
  return std::unexpected(CommandError{"bad_request", std::move(message), ""});
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

Decoded movePoint(const json::object& f) {
  const json::value* value = f.if_contains("point");
  if (!value || !value->is_string()) return badRequest("missing \"point\": a point such as \"D4\"");
  const std::string_view text = value->as_string();
  if (!looksLikeVertex(text)) {
    return badRequest(quoteInput(text) + " is not a point such as \"D4\"");
  }
  return PointArgs{std::string(text)};
}

Decoded stonePoint(const json::object& f) {
  const json::value* value = f.if_contains("point");
  if (!value) return badRequest("missing \"point\": a stone such as \"D4\"");
  if (!value->is_string()) return badRequest("point: expected a point such as \"D4\"");
  return PointArgs{std::string(value->as_string())};
}

Decoded handicapPoints(const json::object& f) {
  const json::value* value = f.if_contains("points");
  if (!value) return badRequest("missing \"points\": a list of points");
  if (!value->is_array()) return badRequest("points: expected a list of points");
  HandicapArgs args;
  const json::array& array = value->as_array();
  for (size_t i = 0; i < array.size(); ++i) {
    if (!array[i].is_string()) {
      return badRequest("points[" + std::to_string(i) + "]: expected a point such as \"D4\"");
    }
    args.points.emplace_back(array[i].as_string());
  }
  return args;
}

Decoded undoReply(const json::object& f) {
  const json::value* accept = f.if_contains("accept");
  if (!accept || !accept->is_bool()) return badRequest("missing \"accept\": a bool");
  return UndoReplyArgs{accept->as_bool()};
}

// Counts code points; the socket has already checked that the text is UTF-8.
size_t utf8Length(std::string_view text) {
  return static_cast<size_t>(
      std::count_if(text.begin(), text.end(), [](char ch) { return (ch & 0xC0) != 0x80; }));
}

Decoded chat(const json::object& f) {
  const json::value* value = f.if_contains("text");
  if (!value || !value->is_string()) return badRequest("missing \"text\": a string");
  const std::string_view text = value->as_string();
  const bool blank = std::all_of(text.begin(), text.end(), [](char ch) {
    return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r';
  });
  if (blank) return badRequest("the chat text is empty");
  if (utf8Length(text) > kMaxChatChars || text.size() > kMaxChatBytes) {
    return badRequest("the chat text is longer than 500 characters");
  }
  return ChatArgs{std::string(text)};
}

Decoded join(const json::object& f) {
  JoinArgs args;
  if (const json::value* coin = f.if_contains("coin")) {
    const auto value = machine::asInteger(*coin);
    if (value != 0 && value != 1) return badRequest("\"coin\" must be 0 or 1");
    args.coin = static_cast<int>(*value);
  }
  if (const json::value* nigiri = f.if_contains("nigiri")) {
    auto colour = machine::parseColour(*nigiri, "nigiri");
    if (!colour) return badRequest(colour.error().toString());
    args.nigiri = *colour;
  }
  const json::value* bot = f.if_contains("joinerBot");
  args.joinerBot = bot && bot->is_bool() && bot->as_bool();
  return args;
}

Decoded forfeit(const json::object& f) {
  const json::value* reason = f.if_contains("reason");
  const json::value* detail = f.if_contains("detail");
  if (!reason || !reason->is_string() || !detail || !detail->is_string()) {
    return badRequest("a forfeit needs \"reason\" and \"detail\" strings");
  }
  return ForfeitArgs{std::string(reason->as_string()), std::string(detail->as_string())};
}

Decoded vacation(const json::object& f) {
  const json::value* on = f.if_contains("on");
  if (!on || !on->is_bool()) return badRequest("\"on\" must be true or false");
  return VacationArgs{on->as_bool()};
}

Decoded argsOf(CommandKind kind, const json::object& f) {
  switch (kind) {
    case CommandKind::Move:
    case CommandKind::ConfirmMove:
      return movePoint(f);
    case CommandKind::RemovalToggle:
      return stonePoint(f);
    case CommandKind::PlaceHandicap:
    case CommandKind::ConfirmStart:
      return handicapPoints(f);
    case CommandKind::UndoReply:
      return undoReply(f);
    case CommandKind::Chat:
      return chat(f);
    case CommandKind::Join:
      return join(f);
    case CommandKind::Forfeit:
      return forfeit(f);
    case CommandKind::Vacation:
      return vacation(f);
    default:
      return NoArgs{};
  }
}

}  // namespace

Command decodeCommand(CommandKind kind, const json::object& fields) {
  Command command;
  command.kind = kind;
  if (const json::value* expected = fields.if_contains("expectedVersion")) {
    if (const auto version = machine::asInteger(*expected)) {
      command.expectedVersion = *version;
    } else {
      command.malformed = CommandError{"bad_request", "\"expectedVersion\" must be an integer", ""};
      return command;
    }
  }
  if (auto args = argsOf(kind, fields)) {
    command.args = std::move(*args);
  } else {
    command.malformed = std::move(args.error());
  }
  return command;
}

}  // namespace tengen::game
