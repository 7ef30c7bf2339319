#include "site/rooms/room_request.h"

#include <boost/json/parse.hpp>

#include <utility>

namespace tengen::site {

namespace json = boost::json;

namespace {

std::string_view typeOf(ReplyKind kind) {
  switch (kind) {
    case ReplyKind::Ok:
      return "ok";
    case ReplyKind::Joined:
      return "joined";
    case ReplyKind::Cancelled:
      return "table_cancelled";
    case ReplyKind::ChallengeAccepted:
      return "challenge_accepted";
    case ReplyKind::BotMatchStarted:
      return "bot_match_started";
    case ReplyKind::None:
      break;
  }
  return "";
}

std::string stringField(const json::object& object, std::string_view field) {
  const json::value* value = object.if_contains(field);
  return value && value->is_string() ? std::string(value->as_string()) : std::string();
}

}  // namespace

std::shared_ptr<const std::string> outcomeMessage(const Outcome& outcome, const json::value& id) {
  if (!outcome) {
    const game::CommandError& error = outcome.error();
    return errorMessage(id, error.code, error.message, error.reason);
  }
  const Reply& reply = *outcome;
  if (reply.kind == ReplyKind::None) return nullptr;
  json::object body{{"type", typeOf(reply.kind)}};
  switch (reply.kind) {
    case ReplyKind::Ok:
      body["version"] = reply.version;
      break;
    case ReplyKind::Cancelled:
      body["gameId"] = reply.gameId;
      break;
    default:
      body["game"] = reply.game;
      break;
  }
  return replyMessage(body, id);
}

Outcome outcomeOf(std::string_view text, ReplyKind kind) {
  boost::system::error_code ec;
  const json::value parsed = json::parse(text, ec);
  const json::object* object = ec ? nullptr : parsed.if_object();
  if (!object) {
    return std::unexpected(game::CommandError{"internal_error", "an unreadable answer", ""});
  }
  if (stringField(*object, "type") == "error") {
    return std::unexpected(game::CommandError{stringField(*object, "code"),
                                              stringField(*object, "message"),
                                              stringField(*object, "reason")});
  }
  Reply reply{kind, 0, 0, {}};
  if (const json::value* v = object->if_contains("version"); v && v->is_int64()) {
    reply.version = v->as_int64();
  }
  if (const json::value* v = object->if_contains("gameId"); v && v->is_int64()) {
    reply.gameId = v->as_int64();
  }
  if (const json::value* v = object->if_contains("game"); v && v->is_object()) {
    reply.game = v->as_object();
  }
  return reply;
}

void respond(const RoomRequest& request, const Outcome& outcome) {
  if (outcome && outcome->kind == ReplyKind::None) return;
  if (request.answer) return request.answer(outcome);
  if (request.send) request.send(outcomeMessage(outcome, request.id));
}

void refuse(const RoomRequest& request, std::string code, std::string message) {
  respond(request, std::unexpected(game::CommandError{std::move(code), std::move(message), ""}));
}

void respondWithText(const RoomRequest& request, std::shared_ptr<const std::string> text) {
  if (request.answer) return request.answer(outcomeOf(*text, request.reply));
  if (request.send) request.send(std::move(text));
}

}  // namespace tengen::site
