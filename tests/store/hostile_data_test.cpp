#include <gtest/gtest.h>

#include <random>

#include "backend.h"
#include "store/sqlite_connection.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using namespace std::string_literals;
using testing::Backend;
using testing::BackendStore;
using testing::openStore;
using testing::TempDir;

// Bytes a careless store would mangle: quotes, SQL, NULs, invalid UTF-8, control bytes.
const std::vector<std::string> kHostile = {
    "",
    "'",
    "\"",
    "'); DROP TABLE game_events; --",
    "Robert'); DELETE FROM users WHERE ('1'='1",
    "nul\0in\0the\0middle"s,
    "\0"s,
    "trailing nul\0"s,
    "\xff\xfe\xfd invalid utf-8 \xc3\x28",
    "tab\tnewline\ncr\r bell\a",
    R"({"text":"\"escaped\" \\ \u0000"})",
    "Ходы 白 黒 ✓",
};

class HostileData : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
};

TENGEN_ON_BOTH_STORES(HostileData);

TEST_P(HostileData, PayloadsAndTypesComeBackByteForByte) {
  const int64_t game = testing::newGame(*store_);
  int64_t seq = 0;
  for (const std::string& s : kHostile) {
    ASSERT_TRUE(store_->appendEventSync(GameEvent{game, ++seq, s, s, seq}).ok());
  }
  auto events = store_->loadEvents(game, 0).value();
  ASSERT_EQ(events.size(), kHostile.size());
  for (size_t i = 0; i < kHostile.size(); ++i) {
    EXPECT_EQ(events[i].payload, kHostile[i]) << i;
    EXPECT_EQ(events[i].type, kHostile[i]) << i;
  }
  // The injection attempts were data, not statements.
  EXPECT_TRUE(store_->listGames(std::nullopt, -1).value().size() == 1);
}

TEST_P(HostileData, HugeBinaryPayloadRoundTrips) {
  const int64_t game = testing::newGame(*store_);
  std::string huge(16 * 1024 * 1024, '\0');
  std::mt19937 rng(1);
  for (char& c : huge) c = static_cast<char>(rng());
  ASSERT_TRUE(store_->appendEventSync(GameEvent{game, 1, "blob", huge, 0}).ok());
  ASSERT_TRUE(store_->appendEventSync(GameEvent{game, 2, "small", "{}", 0}).ok());
  auto loaded = store_->loadGame(game).value();
  ASSERT_TRUE(loaded);
  ASSERT_EQ(loaded->events.size(), 2u);
  EXPECT_TRUE(loaded->events[0].payload == huge);
  EXPECT_EQ(loaded->events[1].payload, "{}");
}

TEST_P(HostileData, UserAndSessionFieldsComeBackExactly) {
  int n = 0;
  for (const std::string& s : kHostile) {
    if (s.empty()) continue;
    const std::string name = s + "#" + std::to_string(n++);  // names must differ
    auto user = store_->createUser(User{0, name, s, false, 1}).value();
    ASSERT_TRUE(user) << name;
    auto found = store_->findUserByName(name).value();
    ASSERT_TRUE(found) << name;
    EXPECT_EQ(found->name, name);
    EXPECT_EQ(found->passwordHash, s);
    ASSERT_TRUE(store_->createSession(Session{name, user->id, 10}));
    EXPECT_EQ(store_->findSession(name, 0).value()->tokenHash, name);
  }
  EXPECT_EQ(store_->findUserByName("'"s + " OR '1'='1").value(), std::nullopt);
}

// The games row's text columns are typed on both sides (game_row_text.h): what a hostile
// writer could put there directly is refused on reading, naming the game and the column,
// and the rows beside it still load.
TEST(HostileGameRows, ATextColumnThatDoesNotParseIsRefusedNamingGameAndColumn) {
  TempDir dir;
  const std::string path = dir.file("rows.db");
  int64_t good = 0;
  int64_t bad = 0;
  {
    auto store = openStore(path);
    good = testing::newGame(*store);
    bad = testing::newGame(*store);
  }
  for (const char* column : {"rules", "time_control", "colour_choice", "result"}) {
    for (const std::string& s : kHostile) {
      if (s.empty() && std::string(column) != "rules" && std::string(column) != "colour_choice") {
        continue;  // an empty time control or result means none
      }
      {
        auto db = SqliteConnection::open(path, SqliteConnection::Mode::ReadWrite, 1000).value();
        auto stmt = db->prepare("UPDATE games SET " + std::string(column) + " = ?2 WHERE id = ?1");
        ASSERT_TRUE(stmt);
        stmt->bind(1, bad).bindText(2, s);
        ASSERT_TRUE(stmt->run()) << column;
      }
      auto store = openStore(path);
      auto loaded = store->loadGame(bad);
      ASSERT_FALSE(loaded) << column << " " << s;
      EXPECT_EQ(loaded.error().where,
                "game " + std::to_string(bad) + " column " + std::string(column));
      EXPECT_TRUE(store->loadGame(good).value()) << "the row beside it still loads";
      EXPECT_FALSE(store->listGames(std::nullopt, -1)) << "a listing says which row is bad";
      auto db = SqliteConnection::open(path, SqliteConnection::Mode::ReadWrite, 1000).value();
      ASSERT_TRUE(
          db->exec("UPDATE games SET rules = 'chinese', time_control = '{}', "
                   "colour_choice = 'nigiri', result = '' WHERE id = " +
                   std::to_string(bad)));
    }
  }
}

}  // namespace
}  // namespace tengen::store
