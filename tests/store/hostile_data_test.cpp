#include <gtest/gtest.h>

#include <random>

#include "backend.h"
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
  EXPECT_TRUE(store_->listGames("", -1).value().size() == 1);
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

TEST_P(HostileData, GameTextFieldsComeBackExactly) {
  for (const std::string& s : kHostile) {
    GameSettings g;
    g.rules = s;
    g.timeControl = s;
    g.colourChoice = s;
    g.result = s;
    const int64_t id = store_->createGame(g).value();
    auto loaded = store_->loadGame(id).value();
    ASSERT_TRUE(loaded);
    EXPECT_EQ(loaded->settings.rules, s);
    EXPECT_EQ(loaded->settings.timeControl, s);
    EXPECT_EQ(loaded->settings.colourChoice, s);
    EXPECT_EQ(loaded->settings.result, s);
    ASSERT_TRUE(store_->updateGameResult(id, "finished", s));
    EXPECT_EQ(store_->loadGame(id).value()->settings.result, s);
  }
}

}  // namespace
}  // namespace tengen::store
