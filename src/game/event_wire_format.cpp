#include "game/event_wire_format.h"

#include "base/overloaded.h"
#include "game/game_machine_json.h"

namespace tengen::game {

namespace json = boost::json;
using machine::colourName;
using machine::playerJson;
using machine::pointList;

// The fields are those the log writes (event_log_format.cpp) today, written a second time on
// purpose: a client-facing rename or a new wire-only field must not change stored games.
json::object wireEvent(const Event& event, const go::Geometry& g, int64_t timeMs) {
  json::object out;
  out["kind"] = eventKind(event);
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
                   out["timeMs"] = timeMs;
                   out["captured"] = e.captured;
                 },
                 [&](const PassEvent& e) {
                   out["colour"] = colourName(e.colour);
                   out["timeMs"] = timeMs;
                 },
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
                   out["timeMs"] = timeMs;
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

}  // namespace tengen::game
