// Logs written by an earlier tengen still load, each kept as an sqlite3 dump under
// tests/data/store/:
// - main-98d5858.sql: the server at commit 98d5858 (schema version 1, 18 games of the load
//   generator: moves and resignations). Every game replays to what that server recorded: the
//   same version, moves and result.
// - main-68b7ee7.sql: every kind of event but a bot's forfeit (passes, removal, resumption,
//   undo, chat, free handicap, time-out, a clock restart, a cancelled and an open table),
//   written by old_log_writer_test.cpp at 68b7ee7, the last commit whose log format was the
//   wire's. main-68b7ee7.states.json holds what the site showed of each game then; the
//   replay must show the same.

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include <boost/json/parse.hpp>

#include "base/json_text.h"
#include "site/rooms/room_loader.h"
#include "store/sqlite_connection.h"
#include "store/sqlite_store.h"
#include "support/files.h"

namespace tengen::site::test {
namespace {

namespace fs = std::filesystem;
using tengen::test::readFile;

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

// A fresh database file in its own folder, filled from the dump `name` and opened by this
// build's store (which migrates it).
class OldDatabase {
 public:
  explicit OldDatabase(const std::string& name)
      : dir_(fs::temp_directory_path() /
             ("tengen-old-logs-" + std::to_string(getpid()) + "-" + name)) {
    fs::remove_all(dir_);
    fs::create_directories(dir_);
    const std::string path = (dir_ / "old.db").string();
    {
      auto raw =
          store::SqliteConnection::open(path, store::SqliteConnection::Mode::ReadWrite, 1000);
      EXPECT_TRUE(raw) << raw.error().toString();
      if (!raw) return;
      const auto sql = readFile(fs::path(TENGEN_SOURCE_DIR) / "tests/data/store" / (name + ".sql"));
      EXPECT_FALSE(sql.empty()) << name;
      EXPECT_TRUE((*raw)->exec(sql));
    }
    auto opened = store::SqliteStore::open(path);
    EXPECT_TRUE(opened) << opened.error().toString();
    if (opened) store_ = std::move(*opened);
  }
  ~OldDatabase() {
    store_.reset();
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
  store::SqliteStore* store() { return store_.get(); }

 private:
  fs::path dir_;
  std::unique_ptr<store::SqliteStore> store_;
};

TEST(OldLogs, ADatabaseWrittenByCommit98d5858ReplaysEveryGame) {
  OldDatabase old("main-98d5858");
  ASSERT_TRUE(old.store());
  store::SqliteStore& store = *old.store();
  auto games = store.listGames(std::nullopt, -1);
  ASSERT_TRUE(games);
  ASSERT_EQ(games->size(), 18u);
  int finished = 0;
  for (const store::GameSettings& row : *games) {
    auto loaded = loadRoom(store, row.id);
    ASSERT_TRUE(loaded && *loaded) << "game " << row.id;
    const LoadedRoom& room = **loaded;
    const game::GameMachine& machine = room.machine;
    EXPECT_EQ(machine.version(), static_cast<int64_t>(room.events.size())) << row.id;
    int moves = 0;
    for (const store::GameEvent& e : room.events) moves += e.type == "move" || e.type == "pass";
    EXPECT_EQ(machine.moveNumber(), moves) << row.id;
    const std::string sgf = machine.toSgf();
    EXPECT_EQ(count(sgf, ";B[") + count(sgf, ";W["), static_cast<size_t>(moves)) << row.id;
    if (row.status == game::GameStatus::Finished) {
      ++finished;
      EXPECT_EQ(machine.phase(), game::Phase::Finished) << row.id;
      EXPECT_EQ(machine.settings().result, row.result) << row.id;
    } else {
      EXPECT_EQ(row.status, game::GameStatus::Playing);
      EXPECT_EQ(machine.phase(), game::Phase::Play) << row.id;
    }
  }
  EXPECT_EQ(finished, 12);
}

TEST(OldLogs, EveryKindOfEventWrittenAt68b7ee7ReplaysToWhatTheSiteShowed) {
  OldDatabase old("main-68b7ee7");
  ASSERT_TRUE(old.store());
  const std::string shownText =
      readFile(fs::path(TENGEN_SOURCE_DIR) / "tests/data/store/main-68b7ee7.states.json");
  const boost::json::object shown = boost::json::parse(shownText).as_object();
  ASSERT_EQ(shown.size(), 7u);
  std::set<std::string> kinds;
  for (const auto& [id, recorded] : shown) {
    auto loaded = loadRoom(*old.store(), std::stoll(std::string(id)));
    ASSERT_TRUE(loaded && *loaded) << "game " << id;
    for (const store::GameEvent& e : (*loaded)->events) kinds.insert(e.type);
    const game::GameMachine& machine = (*loaded)->machine;
    const boost::json::object& want = recorded.as_object();
    EXPECT_EQ(machine.version(), want.at("version").as_int64()) << "game " << id;
    const boost::json::object state = machine.stateJson(0);
    for (const auto& [key, value] : want) {
      if (key == "version") continue;
      // As clients read it: a total of 3 is the same number whether written 3 or 3.0.
      EXPECT_EQ(jsonText(state.at(key)), jsonText(value))
          << "game " << id << ", " << key;
    }
  }
  // Every kind of event a game can log, but a bot's forfeit.
  EXPECT_EQ(kinds.size(), 16u);
  EXPECT_FALSE(kinds.contains("forfeit"));
}

}  // namespace
}  // namespace tengen::site::test
