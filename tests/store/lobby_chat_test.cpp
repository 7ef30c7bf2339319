// The lobby chat's lines (Store::appendLobbyChat, recentLobbyChat, migrations/0017_lobby_chat.sql)
// in a real SQLite file and a real PostgreSQL database.
#include <gtest/gtest.h>

#include <string>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class LobbyChatStore : public ::testing::TestWithParam<Backend> {
 protected:
  int64_t user(const std::string& name) {
    auto created = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(created && *created) << name;
    return created && *created ? (*created)->id : 0;
  }

  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(LobbyChatStore);

TEST_P(LobbyChatStore, TheLatestLinesComeBackOldestFirstWithTheirWritersNames) {
  const int64_t ana = user("Ana");
  const int64_t bo = user("bo");
  // Bytes a chat line may carry, kept exactly: Cyrillic, Kazakh letters, quotes and a newline.
  const std::string hostile = "Сәлем \"<b>\" 'x'\n\\";
  const int64_t first = store_->appendLobbyChat({0, {ana, ""}, "first", 1000}, 100).value();
  const int64_t second = store_->appendLobbyChat({0, {bo, ""}, hostile, 2000}, 100).value();
  const int64_t third = store_->appendLobbyChat({0, {ana, ""}, "third", 3000}, 100).value();
  EXPECT_LT(first, second);
  EXPECT_LT(second, third);

  const auto lines = store_->recentLobbyChat(2).value();
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0], (LobbyChatRow{second, {bo, "bo"}, hostile, 2000}));
  EXPECT_EQ(lines[1], (LobbyChatRow{third, {ana, "Ana"}, "third", 3000}));
  EXPECT_TRUE(store_->recentLobbyChat(0).value().empty());
}

TEST_P(LobbyChatStore, OnlyTheLatestLinesAreKeptAndAnUnknownWriterIsRefused) {
  const int64_t ana = user("ana");
  for (int64_t i = 0; i < 5; ++i) {
    ASSERT_TRUE(store_->appendLobbyChat({0, {ana, ""}, "line " + std::to_string(i), i}, 3));
  }
  const auto lines = store_->recentLobbyChat(10).value();
  ASSERT_EQ(lines.size(), 3u);
  EXPECT_EQ(lines.front().text, "line 2");
  EXPECT_EQ(lines.back().text, "line 4");

  auto refused = store_->appendLobbyChat({0, {ana + 100, ""}, "ghost", 1}, 3);
  ASSERT_FALSE(refused);
  EXPECT_NE(refused.error().message.find("does not exist"), std::string::npos)
      << refused.error().toString();
}

}  // namespace
}  // namespace tengen::store
