// The log's codec (event_log_format.h). Writing knows only version 2; reading takes 1 and 2,
// whose fields are named alike (version 1 adds a "kind" and wire-only extras).
#include "game/event_log_format.h"

#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "base/overloaded.h"
#include "game/game_machine_json.h"

namespace tengen::game {

namespace json = boost::json;
using machine::colourName;
using machine::playerJson;
using machine::pointList;

namespace {

json::object payloadOf(const Event& event, const go::Geometry& g) {
  json::object out;
  out["v"] = kEventLogVersion;
  std::visit(Overloaded{
                 [&](const StartEvent& e) {
                   out["black"] = playerJson(e.black);
                   out["white"] = playerJson(e.white);
                   out["nigiri"] = e.nigiri;
                 },
                 [](const CancelEvent&) {},
                 [&](const HandicapEvent& e) { out["points"] = pointList(g, e.points); },
                 [&](const MoveEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["point"] = g.toGtp(e.point);
                   out["captured"] = e.captured;
                 },
                 [&](const PassEvent& e) { out["colour"] = colourName(e.colour); },
                 [&](const UndoRequestEvent& e) { out["colour"] = colourName(e.colour); },
                 [&](const UndoReplyEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["accept"] = e.accept;
                   if (e.accept) out["undone"] = e.undone;
                 },
                 [&](const RemovalStartEvent& e) {
                   out["dead"] = pointList(g, e.dead);
                   out["uncertain"] = pointList(g, e.uncertain);
                 },
                 [&](const RemovalToggleEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["point"] = g.toGtp(e.point);
                   out["dead"] = e.dead;
                   out["points"] = pointList(g, e.points);
                 },
                 [&](const RemovalAcceptEvent& e) { out["colour"] = colourName(e.colour); },
                 [&](const ResumeEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["toMove"] = colourName(e.toMove);
                 },
                 [&](const ConfirmStartEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["points"] = pointList(g, e.points);
                   out["attacker"] = colourName(e.attacker);
                 },
                 [&](const ConfirmMoveEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["point"] = g.toGtp(e.point);
                 },
                 [&](const ConfirmPassEvent& e) { out["colour"] = colourName(e.colour); },
                 [&](const ConfirmFinishEvent& e) { out["colour"] = colourName(e.colour); },
                 [&](const ConfirmEndEvent& e) {
                   out["verdict"] = e.dead ? "dead" : "alive";
                   out["reason"] = confirmEndReasonName(e.reason);
                 },
                 [&](const ResignEvent& e) { out["colour"] = colourName(e.colour); },
                 [&](const ForfeitEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["reason"] = e.reason;
                   out["detail"] = e.detail;
                 },
                 [&](const EndEvent& e) { out["result"] = e.result; },
                 [&](const TimeoutEvent& e) { out["colour"] = colourName(e.colour); },
                 [&](const ClockRestartEvent& e) {
                   if (e.aliveUntilMs) out["aliveUntilMs"] = *e.aliveUntilMs;
                 },
                 [&](const ChatEvent& e) {
                   out["channel"] = channelName(e.channel);
                   out["from"] = playerJson(e.from);
                   out["text"] = e.text;
                 },
                 [&](const ClaimEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["outcome"] = claimOutcomeName(e.outcome);
                   out["absentMs"] = e.absentMs;
                   out["graceMs"] = e.graceMs;
                 },
                 [&](const InactiveEvent& e) {
                   out["idleMs"] = e.idleMs;
                   out["limitMs"] = e.limitMs;
                 },
                 [&](const VacationEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["on"] = e.on;
                 },
             },
             event);
  return out;
}

// Reads the fields of one payload; every error names its field.
class Fields {
 public:
  Fields(const json::object& payload, const go::Geometry& geometry)
      : payload_(payload), geometry_(geometry) {}

  // read(value) for the field `name`, or the error that it is missing.
  template <class Read>
  auto with(std::string_view name, Read read) const -> decltype(read(nullptr)) {
    read_.push_back(name);
    const json::value* value = payload_.if_contains(name);
    if (!value) return fail("missing field \"" + std::string(name) + "\"");
    return read(value);
  }
  Result<go::Color> colour(std::string_view name = "colour") const {
    return with(name, [&](const json::value* v) { return machine::parseColour(*v, name); });
  }
  Result<bool> flag(std::string_view name) const {
    return with(name, [&](const json::value* v) -> Result<bool> {
      if (!v->is_bool()) return fail("expected a bool", std::string(name));
      return v->as_bool();
    });
  }
  Result<int> count(std::string_view name) const {
    return with(name, [&](const json::value* v) -> Result<int> {
      const auto n = machine::asInteger(*v);
      if (!n || *n < 0 || *n > 1000) return fail("expected a count", std::string(name));
      return static_cast<int>(*n);
    });
  }
  Result<int64_t> timeMs(std::string_view name) const {
    return with(name, [&](const json::value* v) -> Result<int64_t> {
      const auto n = machine::asInteger(*v);
      if (!n || *n < 0) return fail("expected a time in Unix ms", std::string(name));
      return *n;
    });
  }
  Result<std::string> text(std::string_view name) const {
    return with(name, [&](const json::value* v) -> Result<std::string> {
      if (!v->is_string()) return fail("expected a string", std::string(name));
      return std::string(v->as_string());
    });
  }
  Result<Player> player(std::string_view name) const {
    return with(name, [&](const json::value* v) { return machine::parsePlayer(*v, name); });
  }
  Result<go::Point> point(std::string_view name) const {
    return with(name,
                [&](const json::value* v) { return machine::parsePoint(geometry_, *v, name); });
  }
  Result<std::vector<go::Point>> points(std::string_view name) const {
    return with(name,
                [&](const json::value* v) { return machine::parsePointList(geometry_, *v, name); });
  }
  Result<int64_t> millis(std::string_view name) const {
    return with(name, [&](const json::value* v) -> Result<int64_t> {
      const auto n = machine::asInteger(*v);
      if (!n || *n < 0) return fail("expected milliseconds (>= 0)", std::string(name));
      return *n;
    });
  }
  bool has(std::string_view name) const {
    read_.push_back(name);
    return payload_.contains(name);
  }
  // A field the decoder never asked for: in version 2 it means a corrupt or foreign row (a
  // move's payload under a pass's type), so it is refused rather than ignored.
  Result<void> nothingElse(std::string_view kind) const {
    for (const auto& [key, value] : payload_) {
      if (key == "v") continue;
      if (std::find(read_.begin(), read_.end(), std::string_view(key)) == read_.end()) {
        return fail("unexpected field \"" + std::string(key) + "\" in a " + std::string(kind) +
                    " event");
      }
    }
    return {};
  }

 private:
  const json::object& payload_;
  const go::Geometry& geometry_;
  mutable std::vector<std::string_view> read_;
};

// Unwraps a field read inside a decoder below, returning its error.
#define TENGEN_FIELD(var, expr) \
  auto var = (expr);            \
  if (!var) return std::unexpected(var.error())

Result<Event> decodeStart(const Fields& f) {
  TENGEN_FIELD(black, f.player("black"));
  TENGEN_FIELD(white, f.player("white"));
  TENGEN_FIELD(nigiri, f.flag("nigiri"));
  return StartEvent{*black, *white, *nigiri};
}

Result<Event> decodeMove(const Fields& f, int version) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(point, f.point("point"));
  // Version 1 logs older than the capture count have none; it is only shown, never replayed.
  int captured = 0;
  if (version >= 2 || f.has("captured")) {
    TENGEN_FIELD(n, f.count("captured"));
    captured = *n;
  }
  return MoveEvent{*colour, *point, captured};
}

Result<Event> decodeUndoReply(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(accept, f.flag("accept"));
  int undone = 0;
  if (*accept) {
    TENGEN_FIELD(n, f.count("undone"));
    undone = *n;
  }
  return UndoReplyEvent{*colour, *accept, undone};
}

Result<Event> decodeRemovalStart(const Fields& f) {
  TENGEN_FIELD(dead, f.points("dead"));
  TENGEN_FIELD(uncertain, f.points("uncertain"));
  return RemovalStartEvent{std::move(*dead), std::move(*uncertain)};
}

Result<Event> decodeToggle(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(point, f.point("point"));
  TENGEN_FIELD(dead, f.flag("dead"));
  TENGEN_FIELD(points, f.points("points"));
  return RemovalToggleEvent{*colour, *point, *dead, std::move(*points)};
}

Result<Event> decodeResume(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(toMove, f.colour("toMove"));
  return ResumeEvent{*colour, *toMove};
}

Result<Event> decodeConfirmStart(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(points, f.points("points"));
  TENGEN_FIELD(attacker, f.colour("attacker"));
  return ConfirmStartEvent{*colour, std::move(*points), *attacker};
}

Result<Event> decodeConfirmMove(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(point, f.point("point"));
  return ConfirmMoveEvent{*colour, *point};
}

Result<Event> decodeConfirmEnd(const Fields& f) {
  TENGEN_FIELD(verdict, f.text("verdict"));
  if (*verdict != "dead" && *verdict != "alive") {
    return fail("expected \"dead\" or \"alive\"", "verdict");
  }
  TENGEN_FIELD(reason, f.text("reason"));
  for (ConfirmEndReason r :
       {ConfirmEndReason::Agreed, ConfirmEndReason::Moves, ConfirmEndReason::Time}) {
    if (*reason == confirmEndReasonName(r)) return ConfirmEndEvent{*verdict == "dead", r};
  }
  return fail("expected \"agreed\", \"moves\" or \"time\"", "reason");
}

Result<Event> decodeForfeit(const Fields& f, int version) {
  TENGEN_FIELD(colour, f.colour());
  ForfeitEvent e{*colour, "", ""};
  // Version 1 logs may lack the text; the forfeit still stands.
  if (version >= 2 || f.has("reason")) {
    TENGEN_FIELD(reason, f.text("reason"));
    e.reason = std::move(*reason);
  }
  if (version >= 2 || f.has("detail")) {
    TENGEN_FIELD(detail, f.text("detail"));
    e.detail = std::move(*detail);
  }
  return e;
}

Result<Event> decodeChat(const Fields& f) {
  TENGEN_FIELD(channel, f.text("channel"));
  if (*channel != "players" && *channel != "spectators") {
    return fail("expected \"players\" or \"spectators\"", "channel");
  }
  TENGEN_FIELD(from, f.player("from"));
  TENGEN_FIELD(text, f.text("text"));
  return ChatEvent{*channel == "players" ? ChatChannel::Players : ChatChannel::Spectators, *from,
                   std::move(*text)};
}

Result<Event> decodeClaim(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(outcome, f.text("outcome"));
  if (*outcome != "win" && *outcome != "annul") {
    return fail("expected \"win\" or \"annul\"", "outcome");
  }
  TENGEN_FIELD(absent, f.millis("absentMs"));
  TENGEN_FIELD(grace, f.millis("graceMs"));
  return ClaimEvent{*colour, *outcome == "win" ? ClaimOutcome::Win : ClaimOutcome::Annul, *absent,
                    *grace};
}

Result<Event> decodeInactive(const Fields& f) {
  TENGEN_FIELD(idle, f.millis("idleMs"));
  TENGEN_FIELD(limit, f.millis("limitMs"));
  return InactiveEvent{*idle, *limit};
}

Result<Event> decodeVacation(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  TENGEN_FIELD(on, f.flag("on"));
  return VacationEvent{*colour, *on};
}

template <class E>
Result<Event> colourOnly(const Fields& f) {
  TENGEN_FIELD(colour, f.colour());
  return E{*colour};
}

Result<Event> decode(std::string_view kind, const Fields& f, int version) {
  if (kind == StartEvent::kKind) return decodeStart(f);
  if (kind == CancelEvent::kKind) return CancelEvent{};
  if (kind == HandicapEvent::kKind) {
    TENGEN_FIELD(points, f.points("points"));
    return HandicapEvent{std::move(*points)};
  }
  if (kind == MoveEvent::kKind) return decodeMove(f, version);
  if (kind == PassEvent::kKind) return colourOnly<PassEvent>(f);
  if (kind == UndoRequestEvent::kKind) return colourOnly<UndoRequestEvent>(f);
  if (kind == UndoReplyEvent::kKind) return decodeUndoReply(f);
  if (kind == RemovalStartEvent::kKind) return decodeRemovalStart(f);
  if (kind == RemovalToggleEvent::kKind) return decodeToggle(f);
  if (kind == RemovalAcceptEvent::kKind) return colourOnly<RemovalAcceptEvent>(f);
  if (kind == ResumeEvent::kKind) return decodeResume(f);
  if (kind == ConfirmStartEvent::kKind) return decodeConfirmStart(f);
  if (kind == ConfirmMoveEvent::kKind) return decodeConfirmMove(f);
  if (kind == ConfirmPassEvent::kKind) return colourOnly<ConfirmPassEvent>(f);
  if (kind == ConfirmFinishEvent::kKind) return colourOnly<ConfirmFinishEvent>(f);
  if (kind == ConfirmEndEvent::kKind) return decodeConfirmEnd(f);
  if (kind == ResignEvent::kKind) return colourOnly<ResignEvent>(f);
  if (kind == ForfeitEvent::kKind) return decodeForfeit(f, version);
  if (kind == EndEvent::kKind) {
    TENGEN_FIELD(result, f.text("result"));
    return EndEvent{std::move(*result)};
  }
  if (kind == TimeoutEvent::kKind) return colourOnly<TimeoutEvent>(f);
  if (kind == ClockRestartEvent::kKind) {
    if (!f.has("aliveUntilMs")) return ClockRestartEvent{};
    TENGEN_FIELD(aliveUntil, f.timeMs("aliveUntilMs"));
    return ClockRestartEvent{*aliveUntil};
  }
  if (kind == ChatEvent::kKind) return decodeChat(f);
  if (kind == ClaimEvent::kKind) return decodeClaim(f);
  if (kind == InactiveEvent::kKind) return decodeInactive(f);
  if (kind == VacationEvent::kKind) return decodeVacation(f);
  return fail("unknown event kind \"" + std::string(kind) + "\"");
}

#undef TENGEN_FIELD

}  // namespace

LoggedEvent toLogged(const Event& event, const go::Geometry& geometry, int64_t gameId, int64_t seq,
                     int64_t timeMs) {
  return LoggedEvent{gameId, seq, std::string(eventKind(event)),
                     json::serialize(payloadOf(event, geometry)), timeMs};
}

Result<Event> fromLogged(const LoggedEvent& row, const go::Geometry& geometry) {
  boost::system::error_code ec;
  const json::value parsed = json::parse(row.payload, ec);
  if (ec || !parsed.is_object()) return fail("the payload is not a JSON object");
  const json::object& payload = parsed.as_object();
  int version = 1;
  if (const json::value* v = payload.if_contains("v")) {
    const auto number = machine::asInteger(*v);
    if (number != kEventLogVersion) {
      return fail("expected " + std::to_string(kEventLogVersion) +
                      " (a version 1 row has no \"v\"), got " + json::serialize(*v),
                  "v");
    }
    version = kEventLogVersion;
  } else {
    const json::value* kind = payload.if_contains("kind");
    if (!kind || !kind->is_string()) return fail("the payload has no \"kind\"");
    if (kind->as_string() != row.type) {
      return fail("type \"" + row.type + "\" but kind " + json::serialize(*kind));
    }
  }
  const Fields fields(payload, geometry);
  auto event = decode(row.type, fields, version);
  if (event && version >= 2) {
    if (auto clean = fields.nothingElse(row.type); !clean) return std::unexpected(clean.error());
  }
  return event;
}

}  // namespace tengen::game
