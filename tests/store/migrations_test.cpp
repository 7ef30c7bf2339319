#include "store/migrations.h"

#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include "store/sqlite_connection.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::openStore;
using testing::TempDir;

std::unique_ptr<SqliteConnection> rawConnection(const std::string& path) {
  auto connection = SqliteConnection::open(path, SqliteConnection::Mode::ReadWrite, 1000);
  EXPECT_TRUE(connection) << connection.error().toString();
  return connection ? std::move(*connection) : nullptr;
}

void writeFile(const std::string& path, const std::string& bytes) {
  std::ofstream(path, std::ios::binary) << bytes;
}

TEST(Migrations, FreshFileGetsTheLatestSchemaInWalMode) {
  TempDir dir;
  const std::string path = dir.file("fresh.db");
  { ASSERT_TRUE(openStore(path)); }
  auto db = rawConnection(path);
  EXPECT_EQ(db->queryInt("PRAGMA user_version").value(), latestSchemaVersion());
  EXPECT_EQ(db->queryInt("SELECT count(*) FROM sqlite_schema WHERE type = 'table' AND name IN "
                         "('users', 'sessions', 'games', 'game_events')")
                .value(),
            4);
  auto mode = db->prepare("PRAGMA journal_mode");
  ASSERT_TRUE(mode);
  ASSERT_EQ(mode->step(), SqliteStatement::Step::Row);
  EXPECT_EQ(mode->columnBytes(0), "wal");
}

TEST(Migrations, ReopeningKeepsDataAndVersion) {
  TempDir dir;
  const std::string path = dir.file("reopen.db");
  {
    auto store = openStore(path);
    ASSERT_TRUE(store->createUser(User{0, "alice", "h", false, 1}).value());
  }
  auto store = openStore(path);
  ASSERT_TRUE(store);
  EXPECT_TRUE(store->findUserByName("alice").value());
  store.reset();
  EXPECT_EQ(rawConnection(path)->queryInt("PRAGMA user_version").value(), latestSchemaVersion());
}

TEST(Migrations, MigratingTwiceIsANoOp) {
  TempDir dir;
  auto db = rawConnection(dir.file("twice.db"));
  EXPECT_EQ(migrate(*db).value(), latestSchemaVersion());
  EXPECT_EQ(migrate(*db).value(), latestSchemaVersion());
  EXPECT_FALSE(db->inTransaction());
}

// 0003: the ing and igs presets changed meaning; games stored before keep the rules they
// were played under, written into their spec, and specs that already name a value keep it.
TEST(Migrations, GamesStoredBeforeThePresetsChangedKeepTheirRules) {
  TempDir dir;
  auto db = rawConnection(dir.file("presets.db"));
  ASSERT_EQ(migrate(*db).value(), latestSchemaVersion());
  // Back to a version-2 file: without the tables of later migrations.
  ASSERT_TRUE(db->exec("PRAGMA user_version = 2"));
  ASSERT_TRUE(db->exec("DROP TABLE lobby_chat"));
  ASSERT_TRUE(db->exec("DROP TABLE engine_review_positions"));
  ASSERT_TRUE(db->exec("DROP TABLE engine_reviews"));
  for (const char* table : {"reviews", "sgf_uploads"}) {
    ASSERT_TRUE(db->exec(std::string("DROP TABLE ") + table));
  }
  ASSERT_TRUE(db->exec("DROP TABLE conditional_moves"));
  ASSERT_TRUE(db->exec("ALTER TABLE games DROP COLUMN estimates"));
  for (const char* table : {"moderation_log", "restrictions", "reports", "user_roles", "blocks"}) {
    ASSERT_TRUE(db->exec(std::string("DROP TABLE ") + table));
  }
  ASSERT_TRUE(db->exec("ALTER TABLE games DROP COLUMN annulled_ms"));
  for (const char* table :
       {"tournament_boards", "tournament_entrants", "tournament_directors", "tournaments"}) {
    ASSERT_TRUE(db->exec(std::string("DROP TABLE ") + table));
  }
  ASSERT_TRUE(db->exec("DROP TABLE node_leases"));
  ASSERT_TRUE(db->exec("DROP TABLE game_leases"));
  ASSERT_TRUE(db->exec("DROP TABLE vacations"));
  ASSERT_TRUE(db->exec("DROP TABLE server_alive"));
  ASSERT_TRUE(db->exec("DROP TABLE lesson_progress"));
  ASSERT_TRUE(db->exec("DROP TABLE rating_history"));
  ASSERT_TRUE(db->exec("DROP TABLE ratings"));
  ASSERT_TRUE(db->exec("ALTER TABLE games DROP COLUMN rated"));
  const std::vector<std::string> before = {"ing",
                                           "ing ko=situational",
                                           "ing suicide=forbidden",
                                           "igs",
                                           "igs move_limit=400",
                                           "chinese",
                                           "igs tax=seki",
                                           "japanese"};
  for (const std::string& rules : before) {
    ASSERT_TRUE(
        db->exec("INSERT INTO games (size, rules, komi, handicap, free_handicap, "
                 "time_control, colour_choice, created_ms, status, result) VALUES "
                 "(9, '" +
                 rules + "', 7.5, 0, 0, '{}', 'black', 0, 'finished', '')"));
  }
  ASSERT_EQ(migrate(*db).value(), latestSchemaVersion());
  std::vector<std::string> after;
  auto rows = db->prepare("SELECT rules FROM games ORDER BY id");
  ASSERT_TRUE(rows);
  while (rows->step() == SqliteStatement::Step::Row) after.push_back(rows->columnBytes(0));
  EXPECT_EQ(after, (std::vector<std::string>{
                       "ing ko=positional end_passes=2",
                       "ing ko=situational end_passes=2",
                       "ing suicide=forbidden ko=positional end_passes=2",
                       "igs move_limit=0",
                       "igs move_limit=400",
                       "chinese",
                       "igs tax=seki move_limit=0",
                       "japanese",
                   }));
}

TEST(Migrations, NewerSchemaIsAClearError) {
  TempDir dir;
  const std::string path = dir.file("newer.db");
  { ASSERT_TRUE(openStore(path)); }
  ASSERT_TRUE(rawConnection(path)->exec("PRAGMA user_version = 99"));
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().message.find("schema version 99, newer than this tengen build"),
            std::string::npos)
      << store.error().toString();
  EXPECT_EQ(store.error().where, path);
}

TEST(Migrations, TextFileIsNotADatabase) {
  TempDir dir;
  const std::string path = dir.file("notes.txt");
  std::string text;
  for (int i = 0; i < 200; ++i) text += "this is a text file, not a database\n";
  writeFile(path, text);
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().toString(), path + ": not an SQLite database (is this the right file?)");
}

TEST(Migrations, CorruptHeaderIsNotADatabase) {
  TempDir dir;
  const std::string path = dir.file("corrupt.db");
  { ASSERT_TRUE(openStore(path)); }
  // Overwrite the 16-byte magic string that starts every SQLite file.
  std::fstream file(path, std::ios::in | std::ios::out | std::ios::binary);
  file.write("garbage garbage!", 16);
  file.close();
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().message.find("not an SQLite database"), std::string::npos)
      << store.error().toString();
}

TEST(Migrations, AnotherProgramsDatabaseIsRefused) {
  TempDir dir;
  const std::string path = dir.file("other.db");
  ASSERT_TRUE(rawConnection(path)->exec("CREATE TABLE accounts (id INTEGER PRIMARY KEY)"));
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_EQ(store.error().toString(), path + ": not a tengen database (it has other tables)");
}

TEST(Migrations, MissingDirectoryIsAnError) {
  TempDir dir;
  const std::string path = dir.file("no/such/dir/x.db");
  auto store = SqliteStore::open(path);
  ASSERT_FALSE(store);
  EXPECT_NE(store.error().message.find("cannot open the database"), std::string::npos)
      << store.error().toString();
}

TEST(Migrations, InMemoryDatabaseIsRefused) {
  // Each connection would get its own empty database: appends would be invisible to reads.
  for (const std::string path : {"", ":memory:", "file::memory:?cache=shared"}) {
    auto store = SqliteStore::open(path);
    ASSERT_FALSE(store) << path;
    EXPECT_NE(store.error().message.find("needs a plain file path"), std::string::npos);
  }
}

TEST(Migrations, EmptyFileBecomesADatabase) {
  TempDir dir;
  const std::string path = dir.file("empty.db");
  writeFile(path, "");
  EXPECT_TRUE(openStore(path));
}

}  // namespace
}  // namespace tengen::store
