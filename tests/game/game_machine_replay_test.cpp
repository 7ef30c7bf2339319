// GameMachine as a fold of its log: replay rebuilds exactly the game that ran, a corrupt log
// fails naming the event, and the SGF export reads back as the same game.
#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include <random>

#include "game/game_machine.h"
#include "game_machine_test_support.h"
#include "go/rules.h"
#include "sgf/game_record.h"
#include "support/typed_settings.h"

namespace tengen::game::test {
namespace {

namespace json = boost::json;

const Player kOwner{kAlice.userId, kAlice.name};

// A random legal move for the side to move, read from the state's legal map; pass if none.
Command randomMove(const Table& t, std::mt19937& rng) {
  const json::object state = t.state();
  const std::string legal(state.at("legal").as_string());
  std::vector<int> points;
  for (int i = 0; i < static_cast<int>(legal.size()); ++i) {
    if (legal[i] == '1') points.push_back(i);
  }
  if (points.empty()) return command("pass");
  const int size = t.settings.size;
  const int index = points[std::uniform_int_distribution<size_t>(0, points.size() - 1)(rng)];
  const std::string columns = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
  const std::string point =
      std::string(1, columns[index % size]) + std::to_string(size - index / size);
  return command("move", {{"point", point}});
}

const Actor& mover(const Table& t) {
  return t.state().at("toMove") == "black" ? t.blackActor() : t.whiteActor();
}

void playRandomly(Table& t, std::mt19937& rng, int moves) {
  for (int i = 0; i < moves && t.machine.phase() == Phase::Play; ++i) {
    ASSERT_TRUE(t.send(mover(t), randomMove(t, rng), 700 + i * 37 % 3000));
  }
}

// Everything a client or the SGF download can see, at one time.
std::string everythingSeen(const GameMachine& m, int64_t nowMs) {
  std::string out;
  for (Viewer v : {Viewer::Black, Viewer::White, Viewer::Spectator}) {
    out += json::serialize(m.gameStateMessage(v, nowMs)) + "\n";
  }
  out += json::serialize(m.summaryJson()) + "\n" + m.toSgf() + "\n";
  out += std::to_string(m.version()) + " " + m.result() + " " +
         std::to_string(m.clockDeadlineMs().value_or(-1));
  return out;
}

// A long game with everything in it: a clock in byoyomi, random moves, chat from both sides,
// undos accepted and declined, a removal phase with a toggle, a resumption and the final
// count. Snapshots are taken along the way, so replaying every prefix can be compared too.
struct LongGame {
  Table table{[] {
    auto s = settingsFor("chinese", 9, "nigiri");
    s.timeControl =
        timeControlOf(R"({"kind":"byoyomi","mainSeconds":30,"periods":3,"periodSeconds":20})");
    return s;
  }()};
  struct Snapshot {
    size_t logSize;
    int64_t nowMs;
    std::string seen;
  };
  std::vector<Snapshot> snapshots;

  void snapshot() {
    snapshots.push_back(
        {table.log.size(), table.nowMs, everythingSeen(table.machine, table.nowMs)});
  }

  void play() {
    std::mt19937 rng(20261130);
    Table& t = table;
    ASSERT_TRUE(t.send(kBob, command("join", {{"coin", 0}})));
    snapshot();
    for (int round = 0; round < 6; ++round) {
      playRandomly(t, rng, 15);
      ASSERT_TRUE(t.send(kCarol, command("chat", {{"text", "move " + std::to_string(round)}})));
      ASSERT_TRUE(t.send(mover(t), command("chat", {{"text", "thinking"}})));
      const Actor& asker = mover(t);
      const Actor& other = &asker == &kAlice ? kBob : kAlice;
      ASSERT_TRUE(t.send(asker, command("undo_request")));
      ASSERT_TRUE(t.send(other, command("undo_reply", {{"accept", round % 2 == 0}})));
      snapshot();
    }
    playRandomly(t, rng, 40);
    ASSERT_EQ(t.machine.phase(), Phase::Play);
    ASSERT_TRUE(t.send(mover(t), command("pass")));
    ASSERT_EQ(t.send(mover(t), command("pass")).value(), "pass removal_start");
    snapshot();
    // Mark the first stone on the board dead, then resume and end again.
    const std::string board(t.state().at("board").as_string());
    const int first = static_cast<int>(board.find_first_of("bw"));
    const std::string point =
        std::string(1, "ABCDEFGHJ"[first % 9]) + std::to_string(9 - first / 9);
    ASSERT_TRUE(t.send(kAlice, command("removal_toggle", {{"point", point}})));
    ASSERT_TRUE(t.send(kBob, command("removal_accept")));
    snapshot();
    ASSERT_TRUE(t.send(kBob, command("resume")));
    playRandomly(t, rng, 6);
    while (t.machine.phase() == Phase::Play) ASSERT_TRUE(t.send(mover(t), command("pass")));
    ASSERT_EQ(t.machine.phase(), Phase::Removal);
    ASSERT_TRUE(t.send(kAlice, command("removal_accept")));
    ASSERT_EQ(t.send(kBob, command("removal_accept")).value(), "removal_accept end");
    ASSERT_TRUE(t.send(kCarol, command("chat", {{"text", "well played"}})));
    snapshot();
  }
};

TEST(GameMachineReplay, ReplayingTheLogRebuildsEverythingSeen) {
  LongGame game;
  game.play();
  ASSERT_FALSE(HasFatalFailure());
  const Table& t = game.table;
  ASSERT_EQ(t.machine.phase(), Phase::Finished);
  ASSERT_GT(t.machine.moveNumber(), 60);
  ASSERT_EQ(game.snapshots.size(), 10u);
  for (const auto& [logSize, nowMs, seen] : game.snapshots) {
    const std::vector<LoggedEvent> prefix(t.log.begin(), t.log.begin() + logSize);
    auto replayed = GameMachine::replay(t.settings, kOwner, prefix);
    ASSERT_TRUE(replayed) << replayed.error().toString();
    EXPECT_EQ(everythingSeen(*replayed, nowMs), seen) << "after " << logSize << " events";
  }
  auto replayed = GameMachine::replay(t.settings, kOwner, t.log);
  ASSERT_TRUE(replayed);
  EXPECT_EQ(everythingSeen(*replayed, t.nowMs + 5000), everythingSeen(t.machine, t.nowMs + 5000));
  EXPECT_EQ(replayed->settings().status, game::GameStatus::Finished);
  EXPECT_EQ(replayed->settings().result, t.machine.settings().result);
  EXPECT_FALSE(t.machine.result().empty());
  EXPECT_EQ(replayed->settings().blackUserId, kBob.userId);  // coin 0: the joiner is Black
}

TEST(GameMachineSgf, TheRecordReadsBackAsTheSameGame) {
  LongGame game;
  game.play();
  ASSERT_FALSE(HasFatalFailure());
  const Table& t = game.table;
  const std::string sgfText = t.machine.toSgf();
  auto loaded = sgf::loadGame(sgfText);
  ASSERT_TRUE(loaded) << loaded.error().toString() << "\n" << sgfText;
  EXPECT_EQ(loaded->info.result, t.machine.result());
  EXPECT_EQ(loaded->info.blackName, "bob");
  EXPECT_EQ(loaded->info.whiteName, "alice");
  EXPECT_EQ(loaded->info.date, "2026-11-30");
  EXPECT_EQ(loaded->info.timeSeconds, 30);
  EXPECT_EQ(loaded->info.overtime, "3x20 byo-yomi");
  EXPECT_EQ(loaded->game.rules().komi, 7.5);
  EXPECT_TRUE(loaded->game.rules().sameDimensions(go::Rules::fromPreset(go::Preset::Chinese)));
  const json::array moves =
      t.machine.gameStateMessage(Viewer::Spectator, t.nowMs).at("moves").as_array();
  ASSERT_EQ(loaded->game.moves().size(), moves.size());
  for (size_t i = 0; i < moves.size(); ++i) {
    const go::Move m = loaded->game.moves()[i];
    EXPECT_EQ(loaded->game.geometry().toGtp(m.point), moves[i].at("point").as_string()) << i;
    EXPECT_EQ(go::colorName(m.color), moves[i].at("colour").as_string()) << i;
  }
  ASSERT_EQ(loaded->moveTimes.size(), moves.size());
  for (const sgf::MoveTime& time : loaded->moveTimes) {
    ASSERT_TRUE(time.secondsLeft);
    EXPECT_GE(*time.secondsLeft, 0);
    EXPECT_LE(*time.secondsLeft, 30);
    // In byo-yomi: the periods left, 1 to 3.
    if (time.overtimeLeft) {
      EXPECT_TRUE(*time.overtimeLeft >= 1 && *time.overtimeLeft <= 3);
    }
  }
}

// OB/OW: a move in main time has none; once in byo-yomi, each move says how many periods
// are left, one fewer after a move that overran its period.
TEST(GameMachineSgf, OvertimeMovesCarryThePeriodsLeft) {
  auto s = settingsFor("chinese");
  s.timeControl =
      timeControlOf(R"({"kind":"byoyomi","mainSeconds":3,"periods":3,"periodSeconds":10})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join", {{"coin", 1}})));
  ASSERT_EQ(t.play("B E5 W E6 B D5 W D6 B C5 W C6"), "");
  // 15 s pass after Black's B5, on White's clock: White's B6 overruns a 10 s period.
  ASSERT_TRUE(t.send(kAlice, command("move", {{"point", "B5"}}), 15000));
  ASSERT_TRUE(t.send(kBob, command("move", {{"point", "B6"}})));
  auto loaded = sgf::loadGame(t.machine.toSgf());
  ASSERT_TRUE(loaded) << loaded.error().toString();
  std::vector<std::optional<int>> overtime;
  for (const sgf::MoveTime& time : loaded->moveTimes) overtime.push_back(time.overtimeLeft);
  EXPECT_EQ(overtime, (std::vector<std::optional<int>>{std::nullopt, std::nullopt, std::nullopt,
                                                       std::nullopt, 3, 3, 3, 2}))
      << t.machine.toSgf();
}

TEST(GameMachineSgf, HandicapAndARunningGame) {
  auto s = settingsFor("japanese");
  s.handicap = 3;
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join")));
  ASSERT_EQ(t.play("W E5 B D5"), "");
  const std::string text = t.machine.toSgf();
  EXPECT_EQ(text.find("RE["), std::string::npos) << text;
  auto loaded = sgf::loadGame(text);
  ASSERT_TRUE(loaded) << loaded.error().toString();
  EXPECT_EQ(loaded->game.handicap(), 3);
  EXPECT_EQ(loaded->game.initialBoard().stoneCount(go::Color::Black), 3);
  EXPECT_EQ(loaded->game.rules().komi, 6.5);
  EXPECT_EQ(loaded->game.rules().preset, go::Preset::Japanese);
  EXPECT_EQ(loaded->game.moves().size(), 2u);
  EXPECT_EQ(loaded->info.result, "");
  EXPECT_TRUE(loaded->moveTimes.empty());  // no clock, no BL/WL
}

std::vector<LoggedEvent> shortLog() {
  Table t = startedTable("chinese");
  EXPECT_EQ(t.play("B E5 W D5 B E4 W D4"), "");
  return t.log;
}

TEST(GameMachineReplay, AGapInTheLogNamesTheSeq) {
  auto log = shortLog();
  log.erase(log.begin() + 2);
  auto replayed = GameMachine::replay(settingsFor("chinese"), kOwner, log);
  ASSERT_FALSE(replayed);
  EXPECT_EQ(replayed.error().toString(), "event seq 4: expected seq 3");
}

TEST(GameMachineReplay, AnIllegalMoveInTheLogNamesTheSeq) {
  auto log = shortLog();
  log[3].payload = R"({"kind":"move","colour":"black","point":"E5","timeMs":0,"captured":0})";
  auto replayed = GameMachine::replay(settingsFor("chinese"), kOwner, log);
  ASSERT_FALSE(replayed);
  EXPECT_EQ(replayed.error().toString(), "event seq 4: illegal move B E5: occupied");
}

TEST(GameMachineReplay, OtherCorruptionsNameTheSeq) {
  const auto fails = [](std::vector<LoggedEvent> log) {
    auto replayed = GameMachine::replay(settingsFor("chinese"), kOwner, log);
    return replayed ? std::string("replayed") : replayed.error().toString();
  };
  auto log = shortLog();
  log[2].payload = "{not json";
  EXPECT_EQ(fails(log), "event seq 3: the payload is not a JSON object");
  log = shortLog();
  log[2].type = "pass";
  EXPECT_EQ(fails(log), "event seq 3: unexpected field \"point\" in a pass event");
  log = shortLog();
  log[2].type = "pass";
  log[2].payload = R"({"kind":"move","colour":"white","point":"A1"})";  // version 1
  EXPECT_EQ(fails(log), "event seq 3: type \"pass\" but kind \"move\"");
  log = shortLog();
  log[2].payload = R"({"v":3,"colour":"white","point":"A1"})";
  EXPECT_EQ(fails(log), "event seq 3: v: expected 2 (a version 1 row has no \"v\"), got 3");
  log = shortLog();
  log[2].payload = R"({"kind":"move","colour":"black","point":"A1"})";  // White's turn
  EXPECT_EQ(fails(log), "event seq 3: illegal move B A1: not your turn");
  log = shortLog();
  log.push_back({12, 6, "end", R"({"kind":"end","result":"B+R"})", kStartMs});
  EXPECT_EQ(fails(log), "event seq 6: the game has not ended");
  log = shortLog();
  log.push_back({12, 6, "resign", R"({"kind":"resign","colour":"black"})", kStartMs});
  log.push_back({12, 7, "end", R"({"kind":"end","result":"B+R"})", kStartMs});
  EXPECT_EQ(fails(log), "event seq 7: result \"B+R\" but the game gives W+R");
  log = shortLog();
  log.push_back({12, 6, "fly", R"({"kind":"fly"})", kStartMs});
  EXPECT_EQ(fails(log), "event seq 6: unknown event kind \"fly\"");
}

// Absolute 10 s, White to move when the server stops; it restarts three times, each after
// 5 s down, and White moves 2 s after the last restart. Each restart is in the log, so the
// replay charges White 2 s, not the 17 s since Black's move (a restart used to be forgotten
// by the next replay, and White lost on time for downtime).
TEST(GameMachineReplay, EveryRecordedClockRestartForgivesItsDowntime) {
  auto s = settingsFor("chinese");
  s.timeControl = timeControlOf(R"({"kind":"absolute","mainSeconds":10})");
  Table t(s);
  ASSERT_TRUE(t.send(kBob, command("join"), 0));
  ASSERT_EQ(t.play("B E5"), "");
  for (int restart = 1; restart <= 3; ++restart) {
    t.nowMs += 5000;
    ASSERT_EQ(t.send(kNobody, command("clock_restart"), 0).value(), "clock_restart");
    auto replayed = GameMachine::replay(t.settings, kOwner, t.log);
    ASSERT_TRUE(replayed);
    // White's 10 s from the last event, which is this restart.
    EXPECT_EQ(replayed->clockDeadlineMs(), t.nowMs + 10000) << "restart " << restart;
  }
  t.nowMs += 2000;
  ASSERT_EQ(t.play("W C3"), "");
  auto replayed = GameMachine::replay(t.settings, kOwner, t.log);
  ASSERT_TRUE(replayed);
  EXPECT_EQ(replayed->clockState(go::Color::White, t.nowMs).mainMs, 8000);
  EXPECT_EQ(replayed->result(), "");
}

// A failed apply leaves the machine as it was.
TEST(GameMachineReplay, AFailedApplyChangesNothing) {
  Table t = startedTable("chinese");
  ASSERT_EQ(t.play("B E5"), "");
  const std::string before = everythingSeen(t.machine, t.nowMs);
  const LoggedEvent bad{12, 3, "move", R"({"kind":"move","colour":"white","point":"E5"})", t.nowMs};
  EXPECT_FALSE(t.machine.apply(bad));
  EXPECT_EQ(everythingSeen(t.machine, t.nowMs), before);
}

}  // namespace
}  // namespace tengen::game::test
