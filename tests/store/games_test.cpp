#include <gtest/gtest.h>

#include "backend.h"
#include "support/typed_settings.h"
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
  g.rules = rulesOf("japanese tax=none");
  g.rules.komi = 6.5;
  g.handicap = 3;
  g.freeHandicap = true;
  g.timeControl =
      timeControlOf(R"({"kind":"byoyomi","mainSeconds":600,"periods":5,"periodSeconds":30})");
  g.blackUserId = owner;
  g.whiteUserId = 0;
  g.colourChoice = game::ColourChoice::Black;
  g.ownerUserId = owner;
  g.createdMs = 123456;
  g.status = game::GameStatus::Open;
  g.estimates = true;
  const int64_t id = store_->createGame(g).value();
  EXPECT_GT(id, 0);

  auto loaded = store_->loadGame(id).value();
  ASSERT_TRUE(loaded);
  const GameSettings& s = loaded->settings;
  EXPECT_EQ(s.id, id);
  EXPECT_EQ(s.size, 13);
  EXPECT_EQ(s.rules, g.rules);
  EXPECT_EQ(s.rules.komi, 6.5);
  EXPECT_EQ(s.handicap, 3);
  EXPECT_TRUE(s.freeHandicap);
  EXPECT_EQ(s.timeControl, g.timeControl);
  EXPECT_EQ(s.blackUserId, owner);
  EXPECT_EQ(s.whiteUserId, 0);
  EXPECT_EQ(s.colourChoice, game::ColourChoice::Black);
  EXPECT_EQ(s.ownerUserId, owner);
  EXPECT_EQ(s.createdMs, 123456);
  EXPECT_EQ(s.status, game::GameStatus::Open);
  EXPECT_EQ(s.result, std::nullopt);
  EXPECT_TRUE(s.estimates);
  EXPECT_FALSE(
      store_->loadGame(store_->createGame(GameSettings{}).value()).value()->settings.estimates);
  EXPECT_TRUE(loaded->events.empty());
}

TEST_P(Games, UnknownGameLoadsAsNullopt) { EXPECT_FALSE(store_->loadGame(77).value()); }

TEST_P(Games, SeatsStatusAndResultUpdate) {
  const int64_t alice = user("alice");
  const int64_t bob = user("bob");
  const int64_t id = testing::newGame(*store_);

  ASSERT_TRUE(store_->updateGameSeats(id, alice, bob));
  ASSERT_TRUE(store_->updateGameStatus(id, game::GameStatus::Playing));
  auto s = store_->loadGame(id).value()->settings;
  EXPECT_EQ(s.blackUserId, alice);
  EXPECT_EQ(s.whiteUserId, bob);
  EXPECT_EQ(s.status, game::GameStatus::Playing);

  ASSERT_TRUE(store_->updateGameResult(id, game::GameStatus::Finished, resultOf("W+T")));
  s = store_->loadGame(id).value()->settings;
  EXPECT_EQ(s.status, game::GameStatus::Finished);
  EXPECT_EQ(s.result, resultOf("W+T"));

  ASSERT_TRUE(store_->updateGameSeats(id, 0, bob)) << "a seat can be vacated";
  EXPECT_EQ(store_->loadGame(id).value()->settings.blackUserId, 0);
}

TEST_P(Games, UpdatesOfUnknownGamesFailNamingTheGame) {
  auto seats = store_->updateGameSeats(42, 0, 0);
  ASSERT_FALSE(seats);
  EXPECT_NE(seats.error().message.find("game 42 not found"), std::string::npos);
  EXPECT_FALSE(store_->updateGameStatus(42, game::GameStatus::Playing));
  EXPECT_FALSE(store_->updateGameResult(42, game::GameStatus::Finished, resultOf("B+R")));
}

// A status is typed (game::GameStatus): only unknown users remain to refuse.
TEST_P(Games, UnknownUsersAreRefused) {
  const int64_t id = testing::newGame(*store_);
  auto seats = store_->updateGameSeats(id, 9999, 0);
  ASSERT_FALSE(seats);
  EXPECT_NE(seats.error().message.find("a user id does not exist"), std::string::npos);
  EXPECT_EQ(store_->loadGame(id).value()->settings.status, game::GameStatus::Open);

  GameSettings g;
  g.ownerUserId = 31337;
  EXPECT_FALSE(store_->createGame(g));
}

TEST_P(Games, ListFiltersByStatusNewestFirstWithALimit) {
  std::vector<int64_t> ids;
  for (int i = 0; i < 6; ++i) ids.push_back(testing::newGame(*store_));
  ASSERT_TRUE(store_->updateGameStatus(ids[1], game::GameStatus::Playing));
  ASSERT_TRUE(store_->updateGameStatus(ids[3], game::GameStatus::Playing));
  ASSERT_TRUE(store_->updateGameResult(ids[4], game::GameStatus::Cancelled, std::nullopt));

  auto playing = store_->listGames(game::GameStatus::Playing, 10).value();
  ASSERT_EQ(playing.size(), 2u);
  EXPECT_EQ(playing[0].id, ids[3]);
  EXPECT_EQ(playing[1].id, ids[1]);

  auto open = store_->listGames(game::GameStatus::Open, 2).value();
  ASSERT_EQ(open.size(), 2u);
  EXPECT_EQ(open[0].id, ids[5]);
  EXPECT_EQ(open[1].id, ids[2]);

  EXPECT_EQ(store_->listGames(std::nullopt, 100).value().size(), 6u);
  EXPECT_EQ(store_->listGames(std::nullopt, -1).value().size(), 6u);
  EXPECT_TRUE(store_->listGames(game::GameStatus::Finished, 10).value().empty());
}

}  // namespace
}  // namespace tengen::store
