#include "site/cluster/forwarded_request.h"

#include <type_traits>
#include <utility>
#include <variant>

namespace tengen::site {

namespace json = boost::json;

namespace {

// The variant's alternatives by name, so that a message names what it carries.
json::object encodeArgs(const game::CommandArgs& args) {
  return std::visit(
      [](const auto& a) -> json::object {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, game::NoArgs>) {
          return {{"is", "none"}};
        } else if constexpr (std::is_same_v<T, game::PointArgs>) {
          return {{"is", "point"}, {"point", a.point}};
        } else if constexpr (std::is_same_v<T, game::HandicapArgs>) {
          json::array points;
          for (const std::string& p : a.points) points.emplace_back(p);
          return {{"is", "handicap"}, {"points", std::move(points)}};
        } else if constexpr (std::is_same_v<T, game::UndoReplyArgs>) {
          return {{"is", "undo_reply"}, {"accept", a.accept}};
        } else if constexpr (std::is_same_v<T, game::ChatArgs>) {
          return {{"is", "chat"}, {"text", a.text}};
        } else if constexpr (std::is_same_v<T, game::JoinArgs>) {
          json::object o{{"is", "join"}, {"joinerBot", a.joinerBot}};
          if (a.coin) o["coin"] = *a.coin;
          if (a.nigiri) o["nigiri"] = go::colorName(*a.nigiri);
          return o;
        } else if constexpr (std::is_same_v<T, game::ForfeitArgs>) {
          return {{"is", "forfeit"}, {"reason", a.reason}, {"detail", a.detail}};
        } else if constexpr (std::is_same_v<T, game::ClaimArgs>) {
          // Filled in by the owning room (GameRoom::withPresence), never by the sender.
          return {{"is", "claim"}};
        } else if constexpr (std::is_same_v<T, game::InactivityArgs>) {
          return {{"is", "inactivity"}, {"limitMs", a.limitMs}};
        } else if constexpr (std::is_same_v<T, game::ClockRestartArgs>) {
          json::object o{{"is", "clock_restart"}};
          if (a.aliveUntilMs) o["aliveUntilMs"] = *a.aliveUntilMs;
          return o;
        } else {
          static_assert(std::is_same_v<T, game::VacationArgs>);
          return {{"is", "vacation"}, {"on", a.on}};
        }
      },
      args);
}

Result<const json::value*> requestField(const json::object& o, std::string_view name) {
  auto it = o.find(name);
  if (it == o.end()) return fail("forwarded request: no field \"" + std::string(name) + "\"");
  return &it->value();
}

Result<std::string> requestText(const json::object& o, std::string_view name) {
  auto v = requestField(o, name);
  if (!v) return std::unexpected(v.error());
  if (!(*v)->is_string())
    return fail("forwarded request: \"" + std::string(name) + "\" is not text");
  return std::string((*v)->as_string());
}

Result<int64_t> requestInt(const json::object& o, std::string_view name) {
  auto v = requestField(o, name);
  if (!v) return std::unexpected(v.error());
  if (!(*v)->is_int64()) {
    return fail("forwarded request: \"" + std::string(name) + "\" is not an integer");
  }
  return (*v)->as_int64();
}

Result<bool> requestBool(const json::object& o, std::string_view name) {
  auto v = requestField(o, name);
  if (!v) return std::unexpected(v.error());
  if (!(*v)->is_bool())
    return fail("forwarded request: \"" + std::string(name) + "\" is not true or false");
  return (*v)->as_bool();
}

Result<game::CommandArgs> decodeArgs(const json::object& o) {
  auto is = requestText(o, "is");
  if (!is) return std::unexpected(is.error());
  if (*is == "none" || *is == "claim") {
    if (*is == "claim") return game::CommandArgs{game::ClaimArgs{}};
    return game::CommandArgs{game::NoArgs{}};
  }
  if (*is == "point") {
    auto point = requestText(o, "point");
    if (!point) return std::unexpected(point.error());
    return game::CommandArgs{game::PointArgs{*point}};
  }
  if (*is == "handicap") {
    auto v = requestField(o, "points");
    if (!v) return std::unexpected(v.error());
    if (!(*v)->is_array()) return fail("forwarded request: \"points\" is not a list");
    game::HandicapArgs args;
    for (const json::value& p : (*v)->as_array()) {
      if (!p.is_string()) return fail("forwarded request: a handicap point is not text");
      args.points.emplace_back(p.as_string());
    }
    return game::CommandArgs{std::move(args)};
  }
  if (*is == "undo_reply") {
    auto accept = requestBool(o, "accept");
    if (!accept) return std::unexpected(accept.error());
    return game::CommandArgs{game::UndoReplyArgs{*accept}};
  }
  if (*is == "chat") {
    auto t = requestText(o, "text");
    if (!t) return std::unexpected(t.error());
    return game::CommandArgs{game::ChatArgs{*t}};
  }
  if (*is == "join") {
    game::JoinArgs args;
    auto bot = requestBool(o, "joinerBot");
    if (!bot) return std::unexpected(bot.error());
    args.joinerBot = *bot;
    if (o.contains("coin")) {
      auto coin = requestInt(o, "coin");
      if (!coin || (*coin != 0 && *coin != 1)) return fail("forwarded request: bad \"coin\"");
      args.coin = static_cast<int>(*coin);
    }
    if (o.contains("nigiri")) {
      auto colour = requestText(o, "nigiri");
      if (!colour) return std::unexpected(colour.error());
      if (*colour != "black" && *colour != "white")
        return fail("forwarded request: bad \"nigiri\"");
      args.nigiri = *colour == "black" ? go::Color::Black : go::Color::White;
    }
    return game::CommandArgs{std::move(args)};
  }
  if (*is == "forfeit") {
    auto reason = requestText(o, "reason");
    auto detail = requestText(o, "detail");
    if (!reason) return std::unexpected(reason.error());
    if (!detail) return std::unexpected(detail.error());
    return game::CommandArgs{game::ForfeitArgs{*reason, *detail}};
  }
  if (*is == "inactivity") {
    auto limit = requestInt(o, "limitMs");
    if (!limit) return std::unexpected(limit.error());
    return game::CommandArgs{game::InactivityArgs{*limit}};
  }
  if (*is == "clock_restart") {
    game::ClockRestartArgs args;
    if (o.contains("aliveUntilMs")) {
      auto until = requestInt(o, "aliveUntilMs");
      if (!until) return std::unexpected(until.error());
      args.aliveUntilMs = *until;
    }
    return game::CommandArgs{args};
  }
  if (*is == "vacation") {
    auto on = requestBool(o, "on");
    if (!on) return std::unexpected(on.error());
    return game::CommandArgs{game::VacationArgs{*on}};
  }
  return fail("forwarded request: unknown arguments \"" + *is + "\"");
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
  o["command"] = game::commandName(request.command.kind);
  o["args"] = encodeArgs(request.command.args);
  if (request.command.malformed) {
    o["malformed"] = json::object{{"code", request.command.malformed->code},
                                  {"message", request.command.malformed->message},
                                  {"reason", request.command.malformed->reason}};
  }
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

  auto name = requestText(o, "command");
  if (!name) return std::unexpected(name.error());
  auto kind = game::commandNamed(*name);
  if (!kind) return fail("forwarded request: unknown command \"" + *name + "\"");
  request.command.kind = *kind;
  auto args = requestField(o, "args");
  if (!args) return std::unexpected(args.error());
  if (!(*args)->is_object()) return fail("forwarded request: \"args\" is not an object");
  auto decoded = decodeArgs((*args)->as_object());
  if (!decoded) return std::unexpected(decoded.error());
  request.command.args = std::move(*decoded);
  if (auto it = o.find("malformed"); it != o.end()) {
    if (!it->value().is_object()) return fail("forwarded request: \"malformed\" is not an object");
    const json::object& m = it->value().as_object();
    auto code = requestText(m, "code");
    auto message = requestText(m, "message");
    auto reason = requestText(m, "reason");
    if (!code || !message || !reason) return fail("forwarded request: bad \"malformed\"");
    request.command.malformed = game::CommandError{*code, *message, *reason};
  }
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
