// The log's format (game/event_log_format.h): every kind of event survives the round trip,
// version 1 rows (the wire payloads logged up to 68b7ee7) still read, and bad rows are refused
// with the field named.

#include "game/event_log_format.h"

#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "go/point.h"

namespace tengen::game {
namespace {

const go::Geometry& nine() {
  static const go::Geometry g(9);
  return g;
}

go::Point at(const char* gtp) { return *nine().fromGtp(gtp); }

std::vector<Event> everyKind() {
  const Player alice{1, "alice", false};
  const Player bot{7, "Tengen Easy", true};
  return {
      StartEvent{alice, bot, true},
      CancelEvent{},
      HandicapEvent{{at("C3"), at("G7")}},
      MoveEvent{go::Color::White, at("E5"), 2},
      PassEvent{go::Color::Black},
      UndoRequestEvent{go::Color::White},
      UndoReplyEvent{go::Color::Black, true, 2},
      UndoReplyEvent{go::Color::Black, false, 0},
      RemovalStartEvent{{at("A1"), at("B2")}, {at("J9")}},
      RemovalToggleEvent{go::Color::White, at("D4"), true, {at("D4"), at("D5")}},
      RemovalAcceptEvent{go::Color::Black},
      ResumeEvent{go::Color::White, go::Color::Black},
      ConfirmStartEvent{go::Color::White, {at("A4"), at("B3")}, go::Color::Black},
      ConfirmMoveEvent{go::Color::Black, at("A2")},
      ConfirmPassEvent{go::Color::White},
      ConfirmFinishEvent{go::Color::Black},
      ConfirmEndEvent{true, ConfirmEndReason::Agreed},
      ConfirmEndEvent{false, ConfirmEndReason::Moves},
      ConfirmEndEvent{false, ConfirmEndReason::Time},
      ResignEvent{go::Color::White},
      ForfeitEvent{go::Color::Black, "engine_failed", "the engine exited"},
      EndEvent{"B+3.5"},
      TimeoutEvent{go::Color::Black},
      ClockRestartEvent{},
      ClockRestartEvent{1796000000000},
      ChatEvent{ChatChannel::Spectators, alice, "\"quoted\" \xC3\xA9 text"},
      ClaimEvent{go::Color::White, ClaimOutcome::Win, 125000, 120000},
      ClaimEvent{go::Color::Black, ClaimOutcome::Annul, 30001, 30000},
      InactiveEvent{1209600123, 1209600000},
      VacationEvent{go::Color::White, true},
      VacationEvent{go::Color::Black, false},
  };
}

// Compares through the row each writes: equal events write equal rows.
std::string rowText(const Event& e) {
  const LoggedEvent row = toLogged(e, nine(), 12, 3, 1000);
  return row.type + " " + row.payload;
}

TEST(EventLogFormat, EveryKindSurvivesTheRoundTrip) {
  for (const Event& e : everyKind()) {
    const LoggedEvent row = toLogged(e, nine(), 12, 3, 1796000000000);
    EXPECT_EQ(row.game, 12);
    EXPECT_EQ(row.seq, 3);
    EXPECT_EQ(row.timeMs, 1796000000000);
    EXPECT_EQ(row.type, eventKind(e));
    auto back = fromLogged(row, nine());
    ASSERT_TRUE(back) << row.payload << ": " << back.error().toString();
    EXPECT_EQ(back->index(), e.index()) << row.payload;
    EXPECT_EQ(rowText(*back), rowText(e));
  }
}

TEST(EventLogFormat, VersionTwoRowsCarryNeitherKindNorTimeNorScore) {
  EXPECT_EQ(rowText(MoveEvent{go::Color::Black, at("D4"), 0}),
            R"(move {"v":2,"colour":"black","point":"D4","captured":0})");
  EXPECT_EQ(rowText(EndEvent{"W+0.5"}), R"(end {"v":2,"result":"W+0.5"})");
  EXPECT_EQ(rowText(ClockRestartEvent{}), R"(clock_restart {"v":2})");
  EXPECT_EQ(rowText(ClockRestartEvent{1796000000000}),
            R"(clock_restart {"v":2,"aliveUntilMs":1796000000000})");
  EXPECT_EQ(rowText(ConfirmEndEvent{true, ConfirmEndReason::Time}),
            R"(confirm_end {"v":2,"verdict":"dead","reason":"time"})");
  EXPECT_EQ(rowText(StartEvent{{1, "a", false}, {2, "b", true}, false}),
            R"(start {"v":2,"black":{"id":1,"name":"a"},"white":{"id":2,"name":"b","bot":true},)"
            R"("nigiri":false})");
}

TEST(EventLogFormat, VersionOneRowsReadWithTheirWireExtras) {
  const auto read = [](std::string type, std::string payload) {
    auto e = fromLogged(LoggedEvent{1, 1, std::move(type), std::move(payload), 0}, nine());
    return e ? rowText(*e) : "error: " + e.error().toString();
  };
  EXPECT_EQ(
      read("move", R"({"kind":"move","colour":"black","point":"E5","timeMs":17,"captured":1})"),
      R"(move {"v":2,"colour":"black","point":"E5","captured":1})");
  // Before the capture count was logged.
  EXPECT_EQ(read("move", R"({"kind":"move","colour":"white","point":"A1"})"),
            R"(move {"v":2,"colour":"white","point":"A1","captured":0})");
  EXPECT_EQ(read("end", R"({"kind":"end","result":"W+7.5","score":{"black":{}}})"),
            R"(end {"v":2,"result":"W+7.5"})");
  EXPECT_EQ(read("forfeit", R"({"kind":"forfeit","colour":"white"})"),
            R"(forfeit {"v":2,"colour":"white","reason":"","detail":""})");
  EXPECT_EQ(read("chat", R"({"kind":"chat","channel":"players","from":{"id":4,"name":"d"},)"
                         R"("text":"hi","timeMs":5})"),
            R"(chat {"v":2,"channel":"players","from":{"id":4,"name":"d"},"text":"hi"})");
}

TEST(EventLogFormat, BadRowsAreRefusedWithTheFieldNamed) {
  const auto error = [](std::string type, std::string payload) {
    auto e = fromLogged(LoggedEvent{1, 1, std::move(type), std::move(payload), 0}, nine());
    return e ? std::string("read") : e.error().toString();
  };
  EXPECT_EQ(error("move", "[1,2]"), "the payload is not a JSON object");
  EXPECT_EQ(error("move", "{"), "the payload is not a JSON object");
  EXPECT_EQ(error("move", R"({"colour":"black"})"), "the payload has no \"kind\"");
  EXPECT_EQ(error("move", R"({"v":1,"colour":"black"})"),
            "v: expected 2 (a version 1 row has no \"v\"), got 1");
  EXPECT_EQ(error("move", R"({"v":"2"})"),
            "v: expected 2 (a version 1 row has no \"v\"), got \"2\"");
  EXPECT_EQ(error("move", R"({"v":2,"colour":"black","captured":0})"), "missing field \"point\"");
  EXPECT_EQ(error("move", R"({"v":2,"colour":"red","point":"D4","captured":0})").substr(0, 7),
            "colour:");
  EXPECT_EQ(error("move", R"({"v":2,"colour":"black","point":"T19","captured":0})").substr(0, 6),
            "point:");
  EXPECT_EQ(error("move", R"({"v":2,"colour":"black","point":"D4","captured":-1})"),
            "captured: expected a count");
  EXPECT_EQ(error("pass", R"({"v":2,"colour":"black","point":"D4"})"),
            "unexpected field \"point\" in a pass event");
  EXPECT_EQ(error("chat", R"({"v":2,"channel":"all","from":{"id":1,"name":"a"},"text":"x"})"),
            "channel: expected \"players\" or \"spectators\"");
  EXPECT_EQ(error("confirm_end", R"({"v":2,"verdict":"seki","reason":"time"})"),
            "verdict: expected \"dead\" or \"alive\"");
  EXPECT_EQ(error("confirm_end", R"({"v":2,"verdict":"dead","reason":"tired"})"),
            "reason: expected \"agreed\", \"moves\" or \"time\"");
  EXPECT_EQ(error("confirm_move", R"({"v":2,"colour":"black","point":"pass"})").substr(0, 6),
            "point:");
  EXPECT_EQ(error("fly", R"({"v":2})"), "unknown event kind \"fly\"");
}

}  // namespace
}  // namespace tengen::game
