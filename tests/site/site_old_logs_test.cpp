// Logs written by an earlier tengen still load: tests/data/store/main-98d5858.sql is a
// database the server wrote at commit 98d5858 (schema version 1, 18 games of the load
// generator). Opened by this build it is migrated, and every game replays to what that
// server recorded: the same version, moves and result.

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "site/room_loader.h"
#include "store/sqlite_connection.h"
#include "store/sqlite_store.h"

namespace tengen::site::test {
namespace {

namespace fs = std::filesystem;

std::string readFile(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

size_t count(const std::string& text, const std::string& what) {
  size_t n = 0;
  for (size_t at = text.find(what); at != std::string::npos; at = text.find(what, at + 1)) ++n;
  return n;
}

TEST(OldLogs, ADatabaseWrittenByCommit98d5858ReplaysEveryGame) {
  const fs::path dir = fs::temp_directory_path() / ("tengen-old-logs-" + std::to_string(getpid()));
  fs::remove_all(dir);
  fs::create_directories(dir);
  const std::string path = (dir / "old.db").string();
  {
    auto raw = store::SqliteConnection::open(path, store::SqliteConnection::Mode::ReadWrite, 1000);
    ASSERT_TRUE(raw) << raw.error().toString();
    const auto sql = readFile(fs::path(TENGEN_SOURCE_DIR) / "tests/data/store/main-98d5858.sql");
    ASSERT_FALSE(sql.empty());
    ASSERT_TRUE((*raw)->exec(sql));
  }
  auto opened = store::SqliteStore::open(path);
  ASSERT_TRUE(opened) << opened.error().toString();
  store::SqliteStore& store = **opened;
  auto games = store.listGames("", -1);
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
    if (row.status == "finished") {
      ++finished;
      EXPECT_EQ(machine.phase(), game::Phase::Finished) << row.id;
      EXPECT_EQ(machine.result(), row.result) << row.id;
    } else {
      EXPECT_EQ(row.status, "playing");
      EXPECT_EQ(machine.phase(), game::Phase::Play) << row.id;
    }
  }
  EXPECT_EQ(finished, 12);
  std::error_code ec;
  fs::remove_all(dir, ec);
}

}  // namespace
}  // namespace tengen::site::test
