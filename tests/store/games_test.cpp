#include <gtest/gtest.h>

#include "backend.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;
using testing::openStore;
using testing::TempDir;

class Games : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};

  int64_t user(const std::string& name) {
    return store_->createUser(User{0, name, "h", false, 1}).value()->id;
  }
};

TENGEN_ON_BOTH_STORES(Games);

TEST_P(Games, CreateAndLoadRoundTripsEverySetting) {
  const int64_t owner = user("owner");
  GameSettings g;
  g.size = 13;
  g.rules = "japanese";
  g.komi = 6.5;
  g.handicap = 3;
  g.freeHandicap = true;
  g.timeControl = R"({"kind":"byoyomi","mainMs":600000,"periods":5,"periodMs":30000})";
  g.blackUserId = owner;
  g.whiteUserId = 0;
  g.colourChoice = "black";
  g.ownerUserId = owner;
  g.createdMs = 123456;
  g.status = "open";
  g.estimates = true;
  const int64_t id = store_->createGame(g).value();
  EXPECT_GT(id, 0);

  auto loaded = store_->loadGame(id).value();
  ASSERT_TRUE(loaded);
  const GameSettings& s = loaded->settings;
  EXPECT_EQ(s.id, id);
  EXPECT_EQ(s.size, 13);
  EXPECT_EQ(s.rules, "japanese");
  EXPECT_EQ(s.komi, 6.5);
  EXPECT_EQ(s.handicap, 3);
  EXPECT_TRUE(s.freeHandicap);
  EXPECT_EQ(s.timeControl, g.timeControl);
  EXPECT_EQ(s.blackUserId, owner);
  EXPECT_EQ(s.whiteUserId, 0);
  EXPECT_EQ(s.colourChoice, "black");
  EXPECT_EQ(s.ownerUserId, owner);
  EXPECT_EQ(s.createdMs, 123456);
  EXPECT_EQ(s.status, "open");
  EXPECT_EQ(s.result, "");
  EXPECT_TRUE(s.estimates);
  EXPECT_FALSE(store_->loadGame(store_->createGame(GameSettings{}).value()).value()->settings.estimates);
  EXPECT_TRUE(loaded->events.empty());
}

TEST_P(Games, UnknownGameLoadsAsNullopt) { EXPECT_FALSE(store_->loadGame(77).value()); }

TEST_P(Games, SeatsStatusAndResultUpdate) {
  const int64_t alice = user("alice");
  const int64_t bob = user("bob");
  const int64_t id = testing::newGame(*store_);

  ASSERT_TRUE(store_->updateGameSeats(id, alice, bob));
  ASSERT_TRUE(store_->updateGameStatus(id, "playing"));
  auto s = store_->loadGame(id).value()->settings;
  EXPECT_EQ(s.blackUserId, alice);
  EXPECT_EQ(s.whiteUserId, bob);
  EXPECT_EQ(s.status, "playing");

  ASSERT_TRUE(store_->updateGameResult(id, "finished", "W+T"));
  s = store_->loadGame(id).value()->settings;
  EXPECT_EQ(s.status, "finished");
  EXPECT_EQ(s.result, "W+T");

  ASSERT_TRUE(store_->updateGameSeats(id, 0, bob)) << "a seat can be vacated";
  EXPECT_EQ(store_->loadGame(id).value()->settings.blackUserId, 0);
}

TEST_P(Games, UpdatesOfUnknownGamesFailNamingTheGame) {
  auto seats = store_->updateGameSeats(42, 0, 0);
  ASSERT_FALSE(seats);
  EXPECT_NE(seats.error().message.find("game 42 not found"), std::string::npos);
  EXPECT_FALSE(store_->updateGameStatus(42, "playing"));
  EXPECT_FALSE(store_->updateGameResult(42, "finished", "B+R"));
}

TEST_P(Games, BadStatusAndUnknownUsersAreRefused) {
  const int64_t id = testing::newGame(*store_);
  auto status = store_->updateGameStatus(id, "paused");
  ASSERT_FALSE(status);
  EXPECT_NE(status.error().message.find("status must be open, playing, finished or cancelled"),
            std::string::npos)
      << status.error().toString();
  auto seats = store_->updateGameSeats(id, 9999, 0);
  ASSERT_FALSE(seats);
  EXPECT_NE(seats.error().message.find("a user id does not exist"), std::string::npos);
  EXPECT_EQ(store_->loadGame(id).value()->settings.status, "open");

  GameSettings g;
  g.ownerUserId = 31337;
  EXPECT_FALSE(store_->createGame(g));
}

TEST_P(Games, ListFiltersByStatusNewestFirstWithALimit) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 6; ++i) ids.push_back(testing::newGame(*store_));
  ASSERT_TRUE(store_->updateGameStatus(ids[1], "playing"));
  ASSERT_TRUE(store_->updateGameStatus(ids[3], "playing"));
  ASSERT_TRUE(store_->updateGameResult(ids[4], "cancelled", ""));

  auto playing = store_->listGames("playing", 10).value();
  ASSERT_EQ(playing.size(), 2u);
  EXPECT_EQ(playing[0].id, ids[3]);
  EXPECT_EQ(playing[1].id, ids[1]);

  auto open = store_->listGames("open", 2).value();
  ASSERT_EQ(open.size(), 2u);
  EXPECT_EQ(open[0].id, ids[5]);
  EXPECT_EQ(open[1].id, ids[2]);

  EXPECT_EQ(store_->listGames("", 100).value().size(), 6u);
  EXPECT_EQ(store_->listGames("", -1).value().size(), 6u);
  EXPECT_TRUE(store_->listGames("finished", 10).value().empty());
}

}  // namespace
}  // namespace tengen::store
