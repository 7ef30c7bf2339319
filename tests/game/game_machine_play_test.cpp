// GameMachine during play: undo requests, handicap placement, clocks and time-out, chat and
// what each viewer sees of it (docs/protocol.md, "Commands", "Clocks").
#include <gtest/gtest.h>

#include "game/game_machine.h"
#include "game_machine_test_support.h"

namespace tengen::game::test {
namespace {

namespace json = boost::json;

json::array movesSeenBy(const Table& t, Viewer viewer) {
  return t.machine.gameStateMessage(viewer, t.nowMs).at("moves").as_array();
}

TEST(GameMachineUndo, AcceptedAfterTheReplyTakesBackBothMoves) {
  Table t = startedTable("chinese");
  ASSERT_EQ(t.play("B D4 W E5"), "");
  ASSERT_EQ(t.send(kAlice, command("undo_request")).value(), "undo_request");
  EXPECT_EQ(t.state().at("undoRequest"), "black");
  EXPECT_EQ(t.refusal(kAlice, command("undo_request")), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("undo_reply", {{"accept", true}})), "no_undo_request");
  EXPECT_EQ(t.refusal(kBob, command("undo_reply")), "bad_request");
  ASSERT_EQ(t.send(kBob, command("undo_reply", {{"accept", true}})).value(), "undo_reply");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"undo_reply","colour":"white",
      "accept":true,"undone":2})"));
  const json::object state = t.state();
  EXPECT_EQ(state.at("board").as_string(), std::string(81, '.'));
  EXPECT_EQ(state.at("toMove"), "black");
  EXPECT_EQ(state.at("moveNumber"), 0);
  EXPECT_EQ(state.at("lastMove"), nullptr);
  EXPECT_EQ(state.at("undoRequest"), nullptr);
  EXPECT_TRUE(movesSeenBy(t, Viewer::Spectator).empty());
  ASSERT_EQ(t.play("B C3"), "");
  EXPECT_EQ(movesSeenBy(t, Viewer::Spectator),
            json::parse(R"([{"version":6,"colour":"black","point":"C3","timeMs":1796000008000}])"));
}

TEST(GameMachineUndo, AcceptedBeforeTheReplyTakesBackOneMove) {
  Table t = startedTable("chinese");
  ASSERT_EQ(t.play("B D4 W E5 B F6"), "");
  ASSERT_TRUE(t.send(kAlice, command("undo_request")));
  ASSERT_TRUE(t.send(kBob, command("undo_reply", {{"accept", true}})));
  EXPECT_EQ(t.lastPayload().at("undone"), 1);
  EXPECT_EQ(t.state().at("toMove"), "black");
  EXPECT_EQ(t.state().at("lastMove"), "E5");
  EXPECT_EQ(t.machine.moveNumber(), 2);
}

TEST(GameMachineUndo, DeclinedChangesNothing) {
  Table t = startedTable("chinese");
  ASSERT_EQ(t.play("B D4 W E5"), "");
  ASSERT_TRUE(t.send(kBob, command("undo_request")));
  ASSERT_TRUE(t.send(kAlice, command("undo_reply", {{"accept", false}})));
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"undo_reply","colour":"black",
      "accept":false})"));
  EXPECT_EQ(t.state().at("undoRequest"), nullptr);
  EXPECT_EQ(t.state().at("lastMove"), "E5");
  EXPECT_EQ(t.machine.moveNumber(), 2);
}

TEST(GameMachineUndo, ANewMoveDeclinesTheOpenRequest) {
  Table t = startedTable("chinese");
  ASSERT_EQ(t.play("B D4"), "");
  ASSERT_TRUE(t.send(kAlice, command("undo_request")));
  ASSERT_EQ(t.play("W E5"), "");
  EXPECT_EQ(t.state().at("undoRequest"), nullptr);
  EXPECT_EQ(t.refusal(kBob, command("undo_reply", {{"accept", true}})), "no_undo_request");
}

TEST(GameMachineUndo, NothingToUndoBeforeTheFirstMove) {
  Table t = startedTable("chinese");
  EXPECT_EQ(t.refusal(kBob, command("undo_request")), "nothing_to_undo");
  EXPECT_EQ(t.refusal(kAlice, command("undo_request")), "nothing_to_undo");
  EXPECT_EQ(t.refusal(kCarol, command("undo_request")), "not_a_player");
}

// An undo keeps the history the rules need: the captures are given back with the stones.
TEST(GameMachineUndo, TakesBackACapture) {
  Table t = startedTable("chinese", 5);
  ASSERT_EQ(t.play("B A2 W A1 B B1"), "");
  EXPECT_EQ(t.state().at("captures").at("black"), 1);
  ASSERT_TRUE(t.send(kAlice, command("undo_request")));
  ASSERT_TRUE(t.send(kBob, command("undo_reply", {{"accept", true}})));
  EXPECT_EQ(t.state().at("captures").at("black"), 0);
  EXPECT_EQ(t.play("B B1"), "");
}

// The requester's clock runs after the undo, with no time given back.
TEST(GameMachineUndo, TheRequestersClockRuns) {
  auto s = settingsFor("chinese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":600})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join")));
  ASSERT_EQ(t.play("B D4"), "");  // Black used 1 s
  ASSERT_TRUE(t.send(kAlice, command("undo_request"), 5000));
  ASSERT_TRUE(t.send(kBob, command("undo_reply", {{"accept", true}})));
  const json::object clocks = t.state().at("clocks").as_object();
  EXPECT_EQ(clocks.at("running"), "black");
  EXPECT_EQ(clocks.at("black").at("mainMs"), 599000 - 1000);  // charged since the reply
  EXPECT_EQ(clocks.at("white").at("mainMs"), 594000);
}

TEST(GameMachineHandicap, FixedStonesAreOnTheStarPointsAndWhiteMovesFirst) {
  auto s = settingsFor("chinese");
  s.handicap = 2;
  Table t(s);
  ASSERT_EQ(t.send(kBob, command("join")).value(), "start");
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  const json::object state = t.state();
  EXPECT_EQ(boardRows(state, 9),
            ".........\n"
            ".........\n"
            "......b..\n"
            ".........\n"
            ".........\n"
            ".........\n"
            "..b......\n"
            ".........\n"
            ".........\n");
  EXPECT_EQ(state.at("toMove"), "white");
  EXPECT_EQ(t.play("B E5"), "B E5: not_your_turn");
  EXPECT_EQ(t.play("W E5 B D5"), "");
}

TEST(GameMachineHandicap, FreePlacementByBlack) {
  auto s = settingsFor("chinese");
  s.handicap = 3;
  s.freeHandicap = true;
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":600})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join")));
  EXPECT_EQ(t.machine.phase(), Phase::Handicap);
  EXPECT_EQ(t.state().at("phase"), "handicap");
  EXPECT_EQ(t.state().at("toMove"), "black");
  EXPECT_EQ(t.state().at("legal"), nullptr);
  EXPECT_EQ(t.state().at("clocks").at("running"), "black");
  EXPECT_EQ(t.play("B E5"), "B E5: wrong_phase");
  const auto place = [](json::array points) {
    return command("place_handicap", {{"points", std::move(points)}});
  };
  EXPECT_EQ(t.refusal(kBob, place({"C3", "G7", "E5"})), "not_your_turn");
  EXPECT_EQ(t.refusal(kAlice, place({"C3", "G7"})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, place({"C3", "G7", "C3"})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, place({"C3", "G7", "Z9"})), "bad_request");
  EXPECT_EQ(t.refusal(kAlice, command("place_handicap")), "bad_request");
  ASSERT_EQ(t.send(kAlice, place({"A1", "J9", "E5"})).value(), "handicap");
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"handicap","points":["A1","J9","E5"]})"));
  EXPECT_EQ(t.machine.phase(), Phase::Play);
  EXPECT_EQ(t.state().at("toMove"), "white");
  EXPECT_EQ(t.state().at("clocks").at("running"), "white");
  EXPECT_EQ(std::string(t.state().at("board").as_string()).find('b'), 8u);  // J9
  EXPECT_EQ(t.play("W A2 B B1"), "");
}

TEST(GameMachineClock, TimeOutEndsTheGameAtTheDeadline) {
  auto s = settingsFor("chinese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":60})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join"), 0));
  EXPECT_EQ(t.machine.clockDeadlineMs(), kStartMs + 60000);
  t.nowMs = kStartMs + 59999;
  EXPECT_EQ(t.refusal(kNobody, command("timeout"), 0), "bad_request");
  t.nowMs = kStartMs + 60000;
  EXPECT_EQ(t.refusal(kAlice, command("move", {{"point", "E5"}}), 0), "time_out");
  EXPECT_EQ(t.refusal(kAlice, command("pass"), 0), "time_out");
  ASSERT_EQ(t.send(kNobody, command("timeout")).value(), "timeout end");
  EXPECT_EQ(t.log[t.log.size() - 2].payload, R"({"v":2,"colour":"black"})");
  EXPECT_EQ(t.machine.result(), "W+T");
  EXPECT_EQ(t.machine.clockDeadlineMs(), std::nullopt);
  EXPECT_EQ(t.state().at("clocks").at("black").at("mainMs"), 0);
  EXPECT_EQ(t.refusal(kNobody, command("timeout")), "wrong_phase");
}

TEST(GameMachineClock, MovesChargeTheMoverAndStartTheOpponent) {
  auto s = settingsFor("chinese");
  s.timeControl =
      timeControlOf(R"({"kind":"byoyomi","mainSeconds":10,"periods":2,"periodSeconds":5})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join"), 0));
  t.nowMs = kStartMs + 12000;  // 10 s of main time and 2 s of the first period
  ASSERT_TRUE(t.send(kAlice, command("move", {{"point", "E5"}}), 0));
  const json::object clocks = t.machine.stateJson(kStartMs + 12000).at("clocks").as_object();
  EXPECT_EQ(clocks.at("black"),
            json::parse(R"({"mainMs":0,"periodsLeft":2,"periodMs":5000,"stonesLeft":0})"));
  EXPECT_EQ(clocks.at("running"), "white");
  EXPECT_EQ(clocks.at("serverTimeMs"), kStartMs + 12000);
  EXPECT_EQ(t.machine.clockDeadlineMs(), kStartMs + 12000 + 10000 + 2 * 5000);
  // Without a time control there is no clock.
  Table untimed = startedTable("chinese");
  EXPECT_EQ(untimed.state().at("clocks"), nullptr);
  EXPECT_EQ(untimed.machine.clockDeadlineMs(), std::nullopt);
}

// A restarted server charges the downtime to nobody: the room sends clock_restart, and the
// running clock restarts at that event's time.
TEST(GameMachineClock, ClockRestartForgivesTheDowntime) {
  auto s = settingsFor("chinese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":60})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join"), 0));
  t.nowMs = kStartMs + 3600000;
  ASSERT_EQ(t.send(kNobody, command("clock_restart"), 0).value(), "clock_restart");
  EXPECT_EQ(t.machine.clockDeadlineMs(), kStartMs + 3600000 + 60000);
  // Replayed, the log gives the same clock: the restart is in it.
  auto replayed = GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, t.log);
  ASSERT_TRUE(replayed);
  EXPECT_EQ(replayed->clockDeadlineMs(), kStartMs + 3600000 + 60000);
}

// With the stopped server's last sign of life, the running player is charged up to it and
// not for the downtime after it (docs/protocol.md, "Correspondence"); a replay agrees.
TEST(GameMachineClock, ClockRestartChargesUntilTheServerWasLastAlive) {
  auto s = settingsFor("chinese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":600})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join"), 0));
  t.nowMs = kStartMs + 3600000;
  Command restart = command("clock_restart");
  restart.args = ClockRestartArgs{kStartMs + 100000};
  ASSERT_EQ(t.send(kNobody, restart, 0).value(), "clock_restart");
  EXPECT_EQ(t.machine.clockDeadlineMs(), kStartMs + 3600000 + 500000);
  auto replayed = GameMachine::replay(t.settings, Player{kAlice.userId, kAlice.name}, t.log);
  ASSERT_TRUE(replayed);
  EXPECT_EQ(replayed->clockDeadlineMs(), kStartMs + 3600000 + 500000);
}

TEST(GameMachineClock, ClockRestartNeedsARunningClock) {
  Table untimed = startedTable("chinese");
  EXPECT_EQ(untimed.refusal(kNobody, command("clock_restart")), "bad_request");
  auto s = settingsFor("chinese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":60})");
  Table open(s);
  EXPECT_EQ(open.refusal(kNobody, command("clock_restart")), "wrong_phase");
}

TEST(GameMachineChat, PlayersAndSpectatorsWriteToTheirChannels) {
  Table t = startedTable("chinese");
  ASSERT_TRUE(t.send(kAlice, command("chat", {{"text", "have a nice game"}})));
  EXPECT_EQ(t.lastPayload(), json::parse(R"({"kind":"chat","channel":"players",
      "from":{"id":1,"name":"alice"},"text":"have a nice game","timeMs":1796000001000})"));
  ASSERT_TRUE(t.send(kCarol, command("chat", {{"text", "black is lost"}})));
  EXPECT_EQ(t.lastPayload().at("channel"), "spectators");
  EXPECT_EQ(t.refusal(kNobody, command("chat", {{"text", "hi"}})), "not_logged_in");
  EXPECT_EQ(t.refusal(kCarol, command("chat", {{"text", ""}})), "bad_request");
  EXPECT_EQ(t.refusal(kCarol, command("chat", {{"text", "  \n"}})), "bad_request");
  EXPECT_EQ(t.refusal(kCarol, command("chat")), "bad_request");
  EXPECT_EQ(t.refusal(kCarol, command("chat", {{"text", std::string(501, 'a')}})), "bad_request");
  std::string accents;
  for (int i = 0; i < 500; ++i) accents += "\xC3\xA9";  // 500 characters, 1000 bytes
  EXPECT_EQ(t.refusal(kCarol, command("chat", {{"text", accents}})), "");
}

TEST(GameMachineChat, PlayersDoNotSeeSpectatorsChatWhileTheGameRuns) {
  Table t = startedTable("chinese");
  ASSERT_TRUE(t.send(kAlice, command("chat", {{"text", "hello"}})));
  ASSERT_TRUE(t.send(kCarol, command("chat", {{"text", "play D4"}})));
  const LoggedEvent advice = t.log.back();  // a copy: later sends grow the log
  const json::object hidden = t.messageFor(advice, Viewer::Black);
  EXPECT_EQ(hidden.at("type"), "game_event");
  EXPECT_EQ(hidden.at("gameId"), 12);
  EXPECT_EQ(hidden.at("version"), 3);
  EXPECT_EQ(hidden.at("event"),
            json::parse(R"({"kind":"chat","channel":"spectators","hidden":true})"));
  EXPECT_EQ(hidden.at("state"), t.state());
  EXPECT_EQ(t.messageFor(advice, Viewer::Spectator).at("event").at("text"), "play D4");

  const auto chatSeenBy = [&](Viewer viewer) {
    const json::object message = t.machine.gameStateMessage(viewer, t.nowMs);
    json::array texts;
    for (const json::value& c : message.at("chat").as_array()) texts.push_back(c.at("text"));
    return texts;
  };
  EXPECT_EQ(chatSeenBy(Viewer::White), json::parse(R"(["hello"])"));
  EXPECT_EQ(chatSeenBy(Viewer::Spectator), json::parse(R"(["hello","play D4"])"));
  // After the game everything is open.
  ASSERT_TRUE(t.send(kBob, command("resign")));
  EXPECT_EQ(chatSeenBy(Viewer::Black), json::parse(R"(["hello","play D4"])"));
  EXPECT_EQ(t.messageFor(advice, Viewer::Black).at("event").at("text"), "play D4");
}

TEST(GameMachineViews, GameStateMessageAndSummary) {
  auto s = settingsFor("chinese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":600})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join")));
  ASSERT_EQ(t.play("B E5"), "");
  const json::object message = t.machine.gameStateMessage(Viewer::White, t.nowMs);
  EXPECT_EQ(message.at("type"), "game_state");
  EXPECT_EQ(message.at("gameId"), 12);
  EXPECT_EQ(message.at("version"), 2);
  EXPECT_EQ(message.at("you"), "white");
  EXPECT_EQ(message.at("state"), t.state());
  EXPECT_EQ(message.at("moves"), json::parse(R"([{"version":2,"colour":"black","point":"E5",
      "timeMs":1796000001000}])"));
  EXPECT_EQ(message.at("game"), t.machine.summaryJson());
  EXPECT_EQ(t.machine.summaryJson(), json::parse(R"({"id":12,"size":9,"rules":"chinese",
      "komi":7.5,"handicap":0,"handicapPlacement":"fixed","colour":"black",
      "time":{"kind":"absolute","mainSeconds":600},"owner":{"id":1,"name":"alice"},
      "black":{"id":1,"name":"alice"},"white":{"id":2,"name":"bob"},"status":"playing","rated":false,
      "result":"","moveNumber":1,"createdMs":1795999940000})"));
  const json::object moved = t.messageFor(t.log.back(), Viewer::Spectator);
  EXPECT_EQ(moved.at("event"), json::parse(R"({"kind":"move","colour":"black","point":"E5",
      "timeMs":1796000001000,"captured":0})"));
}

}  // namespace
}  // namespace tengen::game::test
