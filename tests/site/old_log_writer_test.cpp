// Writes a database with every kind of game event, for the old-logs test
// (site_old_logs_test.cpp) of a later build: the site plays its games through real sockets into
// a real SQLite file, which is then kept as an sqlite3 dump under tests/data/store/, beside what
// each game looked like at the end (its version, board, phase and result). It is disabled, as
// it records rather than checks; run it when the stored event format is about to change:
//
//   TENGEN_OLD_LOG_OUT=/tmp/old build/tests/site_tests --gtest_also_run_disabled_tests
//       --gtest_filter='OldLogWriter.*'            (one command line)
//   cp /tmp/old/games.sql tests/data/store/main-<commit>.sql
//   cp /tmp/old/states.json tests/data/store/main-<commit>.states.json

#include <gtest/gtest.h>

#include <boost/json/serialize.hpp>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <thread>

#include "site_fixture.h"

namespace tengen::site::test {
namespace {

namespace json = boost::json;

class OldLogWriter : public SiteFixture {
 protected:
  // What the site shows of a game now, as the old-logs test compares it after the replay.
  json::object recorded(SiteClient& client, int64_t game) {
    const json::object watched = stateOf(client, game);
    const json::object& state = watched.at("state").as_object();
    json::object out;
    out["version"] = watched.at("version");
    for (const char* key : {"phase", "board", "moveNumber", "captures", "result", "score"}) {
      out[key] = state.at(key);
    }
    return out;
  }

  void expectOk(const json::object& reply) {
    ASSERT_EQ(verdict(reply), "ok") << json::serialize(reply);
  }
};

TEST_F(OldLogWriter, DISABLED_WriteEveryKindOfEvent) {
  const char* out = std::getenv("TENGEN_OLD_LOG_OUT");
  ASSERT_NE(out, nullptr) << "set TENGEN_OLD_LOG_OUT to the folder to write to";
  const TestUser aliceUser = registered("alice");
  const TestUser bobUser = registered("bob");
  const TestUser carolUser = registered("carol");
  auto alice = connect(aliceUser);
  auto bob = connect(bobUser);
  auto carol = connect(carolUser);
  json::object states;

  // Japanese with byo-yomi: a capture, undo declined and accepted, chat on both channels,
  // passes into the removal phase, a toggle, a resumption, passes again, both accept.
  const int64_t japanese = startGame(
      *alice, *bob,
      {{"rules", "japanese"},
       {"size", 9},
       {"time",
        {{"kind", "byoyomi"}, {"mainSeconds", 600}, {"periods", 3}, {"periodSeconds", 30}}}});
  play(*alice, *bob, japanese, "B E5 W D5 B C5 W D4 B D6 W E4 B D3");
  expectOk(command(*alice, japanese, "chat", {{"text", "good game so far"}}));
  expectOk(command(*carol, japanese, "chat", {{"text", "white is in trouble"}}));
  expectOk(command(*bob, japanese, "undo_request"));
  expectOk(command(*alice, japanese, "undo_reply", {{"accept", false}}));
  play(*alice, *bob, japanese, "W F4");
  expectOk(command(*bob, japanese, "undo_request"));
  expectOk(command(*alice, japanese, "undo_reply", {{"accept", true}}));
  play(*alice, *bob, japanese, "W F5 B E6 W F6 B E7 W F7 B pass W pass");
  expectOk(command(*alice, japanese, "removal_toggle", {{"point", "D4"}}));
  expectOk(command(*bob, japanese, "resume"));
  // Under Japanese rules the opponent of the asker moves first: Black.
  play(*alice, *bob, japanese, "B pass W pass");
  expectOk(command(*alice, japanese, "removal_toggle", {{"point", "D4"}}));
  expectOk(command(*alice, japanese, "removal_accept"));
  expectOk(command(*bob, japanese, "removal_accept"));
  states[std::to_string(japanese)] = recorded(*carol, japanese);

  // Chinese with two stones placed freely, then a resignation.
  const int64_t handicap = startGame(
      *alice, *bob,
      {{"rules", "chinese"}, {"size", 9}, {"handicap", 2}, {"handicapPlacement", "free"}});
  expectOk(command(*alice, handicap, "place_handicap", {{"points", json::array{"C3", "G7"}}}));
  // After the handicap White moves first.
  expectOk(command(*bob, handicap, "move", {{"point", "E5"}}));
  play(*alice, *bob, handicap, "B C7");
  expectOk(command(*bob, handicap, "resign"));
  states[std::to_string(handicap)] = recorded(*carol, handicap);

  // Tromp-Taylor: a capture, then two passes count the board as it stands.
  const int64_t counted = startGame(*alice, *bob, {{"size", 7}});
  play(*alice, *bob, counted, "B B1 W A1 B A2 W D4 B pass W pass");
  states[std::to_string(counted)] = recorded(*carol, counted);

  // Absolute time running out.
  const int64_t flagged =
      startGame(*alice, *bob, {{"size", 9}, {"time", {{"kind", "absolute"}, {"mainSeconds", 1}}}});
  play(*alice, *bob, flagged, "B E5");
  ASSERT_TRUE(alice->waitFor(
      [flagged](const json::object& m) {
        return text(m, "type") == "game_event" && integer(m, "gameId") == flagged &&
               text(m.at("event").as_object(), "kind") == "end";
      },
      5s));
  states[std::to_string(flagged)] = recorded(*carol, flagged);

  // A cancelled table and one still open.
  const int64_t cancelled = createTable(*alice, {{"size", 13}});
  ASSERT_EQ(text(alice->request({{"type", "cancel_table"}, {"gameId", cancelled}}), "type"),
            "table_cancelled");
  states[std::to_string(cancelled)] = recorded(*carol, cancelled);
  const int64_t open = createTable(*bob, {{"size", 19}, {"colour", "nigiri"}});
  states[std::to_string(open)] = recorded(*carol, open);

  // A timed game in play across a restart: the restarted room logs clock_restart, then play
  // goes on and stays unfinished.
  const int64_t running = startGame(
      *alice, *bob,
      {{"size", 9},
       {"time",
        {{"kind", "fischer"}, {"mainSeconds", 300}, {"incrementSeconds", 5}, {"maxSeconds", 0}}}});
  play(*alice, *bob, running, "B C3 W G7");
  alice.reset();
  bob.reset();
  carol.reset();
  restart();
  alice = connect(aliceUser);
  bob = connect(bobUser);
  carol = connect(carolUser);
  stateOf(*alice, running);
  stateOf(*bob, running);
  play(*alice, *bob, running, "B E5");
  states[std::to_string(running)] = recorded(*carol, running);

  namespace fs = std::filesystem;
  fs::create_directories(out);
  // sqlite3 reads the write-ahead log too, so the dump has every committed event; .dump
  // leaves out the schema version, which the store's migrations need.
  const std::string db = "'" + dbPath_ + "'";
  const std::string dump = "{ printf 'PRAGMA user_version = %s;\\n' \"$(sqlite3 " + db +
                           " 'PRAGMA user_version')\"; sqlite3 " + db + " .dump; } > '" +
                           (fs::path(out) / "games.sql").string() + "'";
  ASSERT_EQ(std::system(dump.c_str()), 0) << dump;
  std::ofstream(fs::path(out) / "states.json") << json::serialize(states) << "\n";
}

}  // namespace
}  // namespace tengen::site::test
