#include "game/command_codec.h"

#include <boost/json/array.hpp>

#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "base/json_fields.h"

namespace tengen::game {

namespace json = boost::json;

namespace {

// The variant's alternatives by name, so that a message names what it carries.
json::object encodeArgs(const CommandArgs& args) {
  return std::visit(
      [](const auto& a) -> json::object {
        using T = std::decay_t<decltype(a)>;
        if constexpr (std::is_same_v<T, NoArgs>) {
          return {{"is", "none"}};
        } else if constexpr (std::is_same_v<T, PointArgs>) {
          return {{"is", "point"}, {"point", a.point}};
        } else if constexpr (std::is_same_v<T, HandicapArgs>) {
          json::array points;
          for (const std::string& p : a.points) points.emplace_back(p);
          return {{"is", "handicap"}, {"points", std::move(points)}};
        } else if constexpr (std::is_same_v<T, UndoReplyArgs>) {
          return {{"is", "undo_reply"}, {"accept", a.accept}};
        } else if constexpr (std::is_same_v<T, ChatArgs>) {
          return {{"is", "chat"}, {"text", a.text}};
        } else if constexpr (std::is_same_v<T, JoinArgs>) {
          json::object o{{"is", "join"}, {"joinerBot", a.joinerBot}};
          if (a.coin) o["coin"] = *a.coin;
          if (a.nigiri) o["nigiri"] = go::colorName(*a.nigiri);
          return o;
        } else if constexpr (std::is_same_v<T, ForfeitArgs>) {
          return {{"is", "forfeit"}, {"reason", a.reason}, {"detail", a.detail}};
        } else if constexpr (std::is_same_v<T, ClaimArgs>) {
          // Filled in by the owning room (GameRoom::withPresence), never by the sender.
          return {{"is", "claim"}};
        } else if constexpr (std::is_same_v<T, InactivityArgs>) {
          return {{"is", "inactivity"}, {"limitMs", a.limitMs}};
        } else if constexpr (std::is_same_v<T, ClockRestartArgs>) {
          json::object o{{"is", "clock_restart"}};
          if (a.aliveUntilMs) o["aliveUntilMs"] = *a.aliveUntilMs;
          return o;
        } else {
          static_assert(std::is_same_v<T, VacationArgs>);
          return {{"is", "vacation"}, {"on", a.on}};
        }
      },
      args);
}

Result<CommandArgs> decodeArgs(const json::object& o) {
  auto is = json_fields::text(o, "is");
  if (!is) return std::unexpected(is.error());
  if (*is == "none" || *is == "claim") {
    if (*is == "claim") return CommandArgs{ClaimArgs{}};
    return CommandArgs{NoArgs{}};
  }
  if (*is == "point") {
    auto point = json_fields::text(o, "point");
    if (!point) return std::unexpected(point.error());
    return CommandArgs{PointArgs{*point}};
  }
  if (*is == "handicap") {
    auto v = json_fields::field(o, "points");
    if (!v) return std::unexpected(v.error());
    if (!(*v)->is_array()) return fail("\"points\" is not a list");
    HandicapArgs args;
    for (const json::value& p : (*v)->as_array()) {
      if (!p.is_string()) return fail("a handicap point is not text");
      args.points.emplace_back(p.as_string());
    }
    return CommandArgs{std::move(args)};
  }
  if (*is == "undo_reply") {
    auto accept = json_fields::boolean(o, "accept");
    if (!accept) return std::unexpected(accept.error());
    return CommandArgs{UndoReplyArgs{*accept}};
  }
  if (*is == "chat") {
    auto t = json_fields::text(o, "text");
    if (!t) return std::unexpected(t.error());
    return CommandArgs{ChatArgs{*t}};
  }
  if (*is == "join") {
    JoinArgs args;
    auto bot = json_fields::boolean(o, "joinerBot");
    if (!bot) return std::unexpected(bot.error());
    args.joinerBot = *bot;
    if (o.contains("coin")) {
      auto coin = json_fields::integer(o, "coin");
      if (!coin || (*coin != 0 && *coin != 1)) return fail("bad \"coin\"");
      args.coin = static_cast<int>(*coin);
    }
    if (o.contains("nigiri")) {
      auto colour = json_fields::text(o, "nigiri");
      if (!colour) return std::unexpected(colour.error());
      if (*colour != "black" && *colour != "white") return fail("bad \"nigiri\"");
      args.nigiri = *colour == "black" ? go::Color::Black : go::Color::White;
    }
    return CommandArgs{std::move(args)};
  }
  if (*is == "forfeit") {
    auto reason = json_fields::text(o, "reason");
    auto detail = json_fields::text(o, "detail");
    if (!reason) return std::unexpected(reason.error());
    if (!detail) return std::unexpected(detail.error());
    return CommandArgs{ForfeitArgs{*reason, *detail}};
  }
  if (*is == "inactivity") {
    auto limit = json_fields::integer(o, "limitMs");
    if (!limit) return std::unexpected(limit.error());
    return CommandArgs{InactivityArgs{*limit}};
  }
  if (*is == "clock_restart") {
    ClockRestartArgs args;
    if (o.contains("aliveUntilMs")) {
      auto until = json_fields::integer(o, "aliveUntilMs");
      if (!until) return std::unexpected(until.error());
      args.aliveUntilMs = *until;
    }
    return CommandArgs{args};
  }
  if (*is == "vacation") {
    auto on = json_fields::boolean(o, "on");
    if (!on) return std::unexpected(on.error());
    return CommandArgs{VacationArgs{*on}};
  }
  return fail("unknown arguments \"" + *is + "\"");
}

}  // namespace

void encodeCommand(const Command& command, json::object& into) {
  into["command"] = commandName(command.kind);
  into["args"] = encodeArgs(command.args);
  if (command.malformed) {
    into["malformed"] = json::object{{"code", command.malformed->code},
                                     {"message", command.malformed->message},
                                     {"reason", command.malformed->reason}};
  }
}

Result<Command> decodeEncodedCommand(const json::object& o) {
  Command command;
  auto name = json_fields::text(o, "command");
  if (!name) return std::unexpected(name.error());
  auto kind = commandNamed(*name);
  if (!kind) return fail("unknown command \"" + *name + "\"");
  command.kind = *kind;
  auto args = json_fields::field(o, "args");
  if (!args) return std::unexpected(args.error());
  if (!(*args)->is_object()) return fail("\"args\" is not an object");
  auto decoded = decodeArgs((*args)->as_object());
  if (!decoded) return std::unexpected(decoded.error());
  command.args = std::move(*decoded);
  if (auto it = o.find("malformed"); it != o.end()) {
    if (!it->value().is_object()) return fail("\"malformed\" is not an object");
    const json::object& m = it->value().as_object();
    auto code = json_fields::text(m, "code");
    auto message = json_fields::text(m, "message");
    auto reason = json_fields::text(m, "reason");
    if (!code || !message || !reason) return fail("bad \"malformed\"");
    command.malformed = CommandError{*code, *message, *reason};
  }
  return command;
}

}  // namespace tengen::game
