// What the `tengen` binary does with a database of another schema version (docs/operating.md,
// "Upgrades"): one written by an older tengen is migrated and served; one written by a newer
// tengen is refused with a message that says so, and left as it was.

#include <gtest/gtest.h>
#include <boost/json/parse.hpp>

#include <unistd.h>

#include <filesystem>
#include <string>

#include "command.h"
#include "store/migrations.h"
#include "store/sqlite_connection.h"
#include "support/files.h"
#include "support/serve_process.h"
#include "support/test_client.h"

namespace tengen::ops::test {
namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using server::test::httpRequest;
using server::test::ServeProcess;

fs::path freshFolder(const std::string& name) {
  const fs::path path =
      fs::temp_directory_path() / ("tengen-ops-" + name + "-" + std::to_string(::getpid()));
  fs::remove_all(path);
  fs::create_directories(path);
  return path;
}

int64_t userVersion(const fs::path& db) {
  auto connection =
      store::SqliteConnection::open(db.string(), store::SqliteConnection::Mode::ReadOnly, 1000);
  EXPECT_TRUE(connection) << connection.error().toString();
  return connection ? (*connection)->queryInt("PRAGMA user_version").value_or(-1) : -1;
}

// tests/data/store/main-98d5858.sql: the database of the server at commit 98d5858, schema
// version 1, 18 games (finished by resignation, and in play).
TEST(SchemaVersion, ADatabaseOfAnOlderTengenIsMigratedAndServed) {
  const fs::path folder = freshFolder("schema-old");
  const fs::path db = folder / "old.db";
  {
    auto raw =
        store::SqliteConnection::open(db.string(), store::SqliteConnection::Mode::ReadWrite, 1000);
    ASSERT_TRUE(raw) << raw.error().toString();
    const std::string dump =
        tengen::test::readFile(fs::path(TENGEN_SOURCE_DIR) / "tests/data/store/main-98d5858.sql");
    ASSERT_FALSE(dump.empty());
    ASSERT_TRUE((*raw)->exec(dump));
  }
  ASSERT_EQ(userVersion(db), 1);
  {
    ServeProcess server(folder, {"--db", db.string()});
    ASSERT_NE(server.port(), 0) << tengen::test::readFile(folder / "server.log");
    const auto reply = httpRequest(server.port(), "GET", "/api/games?limit=100");
    ASSERT_EQ(reply.status, 200) << reply.body;
    const json::array games = json::parse(reply.body).at("games").as_array();
    EXPECT_EQ(games.size(), 18u);
    int finished = 0;
    int playing = 0;
    for (const json::value& game : games) {
      if (game.at("status") == "finished") {
        ++finished;
        EXPECT_NE(game.at("result"), "") << json::serialize(game);
      }
      if (game.at("status") == "playing") ++playing;
    }
    EXPECT_GT(finished, 0);
    EXPECT_GT(playing, 0);
    EXPECT_EQ(finished + playing, 18);
    const auto record = httpRequest(server.port(), "GET", "/api/games/1/sgf");
    EXPECT_EQ(record.status, 200);
    EXPECT_NE(record.body.find(";B["), std::string::npos) << record.body;
  }
  EXPECT_EQ(userVersion(db), store::latestSchemaVersion());
}

TEST(SchemaVersion, ADatabaseOfANewerTengenIsRefusedAndLeftAlone) {
  const fs::path folder = freshFolder("schema-newer");
  const fs::path db = folder / "site.db";
  {
    ServeProcess server(folder);
    ASSERT_NE(server.port(), 0);
  }
  const int64_t newer = store::latestSchemaVersion() + 1;
  {
    auto raw =
        store::SqliteConnection::open(db.string(), store::SqliteConnection::Mode::ReadWrite, 1000);
    ASSERT_TRUE(raw) << raw.error().toString();
    ASSERT_TRUE((*raw)->exec("PRAGMA user_version = " + std::to_string(newer)));
  }
  const auto before = fs::file_size(db);
  const CommandResult serve = runCommand(
      {TENGEN_BINARY, "serve", "--port", "0", "--builtin-bots", "none", "--db", db.string()},
      std::chrono::seconds(20));
  ASSERT_FALSE(serve.timedOut) << "the server ran on a database it does not know";
  EXPECT_EQ(serve.exitCode, 1);
  EXPECT_NE(
      serve.output.find("tengen serve: cannot open the database " + db.string() + ": " +
                        db.string() + ": the database has schema version " + std::to_string(newer) +
                        ", newer than this tengen build knows (" +
                        std::to_string(store::latestSchemaVersion()) + "); use a newer tengen\n"),
      std::string::npos)
      << serve.output;
  EXPECT_EQ(serve.output.find("serving"), std::string::npos) << serve.output;
  EXPECT_EQ(userVersion(db), newer);
  EXPECT_EQ(fs::file_size(db), before);
  std::error_code ec;
  fs::remove_all(folder, ec);
}

}  // namespace
}  // namespace tengen::ops::test
