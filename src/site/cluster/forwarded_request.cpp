#include "site/cluster/forwarded_request.h"

#include <utility>

#include "base/json_fields.h"
#include "game/command_codec.h"

namespace tengen::site {

namespace json = boost::json;

namespace {

// The field readers' errors, said of a forwarded request.
template <typename T>
Result<T> said(Result<T> read) {
  if (!read) return fail("forwarded request: " + read.error().message);
  return read;
}
Result<const json::value*> requestField(const json::object& o, std::string_view name) {
  return said(json_fields::field(o, name));
}
Result<std::string> requestText(const json::object& o, std::string_view name) {
  return said(json_fields::text(o, name));
}
Result<int64_t> requestInt(const json::object& o, std::string_view name) {
  return said(json_fields::integer(o, name));
}

constexpr std::pair<ReplyKind, std::string_view> kReplyKinds[] = {
    {ReplyKind::Ok, "ok"},
    {ReplyKind::Joined, "joined"},
    {ReplyKind::Cancelled, "cancelled"},
    {ReplyKind::None, "none"},
    {ReplyKind::ChallengeAccepted, "challenge_accepted"},
    {ReplyKind::BotMatchStarted, "bot_match_started"},
};

}  // namespace

json::object encodeRequest(const RoomRequest& request) {
  json::object o;
  o["actor"] = json::object{{"id", request.actor.userId}, {"name", request.actor.name}};
  game::encodeCommand(request.command, o);
  if (request.expectedVersion) o["expectedVersion"] = *request.expectedVersion;
  o["id"] = request.id;
  for (const auto& [kind, name] : kReplyKinds) {
    if (kind == request.reply) o["reply"] = name;
  }
  return o;
}

Result<RoomRequest> decodeRequest(const json::object& o) {
  RoomRequest request;
  auto actor = requestField(o, "actor");
  if (!actor) return std::unexpected(actor.error());
  if (!(*actor)->is_object()) return fail("forwarded request: \"actor\" is not an object");
  auto actorId = requestInt((*actor)->as_object(), "id");
  auto actorName = requestText((*actor)->as_object(), "name");
  if (!actorId) return std::unexpected(actorId.error());
  if (!actorName) return std::unexpected(actorName.error());
  request.actor = game::Actor{*actorId, *actorName};

  auto command = game::decodeEncodedCommand(o);
  if (!command) return fail("forwarded request: " + command.error().message);
  request.command = std::move(*command);
  if (o.contains("expectedVersion")) {
    auto expected = requestInt(o, "expectedVersion");
    if (!expected) return std::unexpected(expected.error());
    request.expectedVersion = *expected;
  }
  auto id = requestField(o, "id");
  if (!id) return std::unexpected(id.error());
  request.id = **id;
  auto reply = requestText(o, "reply");
  if (!reply) return std::unexpected(reply.error());
  bool known = false;
  for (const auto& [k, n] : kReplyKinds) {
    if (n == *reply) {
      request.reply = k;
      known = true;
    }
  }
  if (!known) return fail("forwarded request: unknown reply \"" + *reply + "\"");
  return request;
}

}  // namespace tengen::site
