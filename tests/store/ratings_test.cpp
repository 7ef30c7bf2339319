// Game endings with ratings (Store::finishGame, ratingsOf, ratingHistory;
// migrations/0005_ratings.sql) in a real SQLite file: a rated game is rated by the write that
// ends it and by no other, in every category it names.
#include <gtest/gtest.h>

#include <limits>
#include <string>
#include <vector>

#include "backend.h"
#include "support/typed_settings.h"
#include "temp_dir.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;
using testing::openStore;
using testing::TempDir;

class Ratings : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
  int64_t alice_ = user("alice");
  int64_t bob_ = user("bob");

  int64_t user(const std::string& name) {
    auto created = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(created && *created);
    return created && *created ? (*created)->id : 0;
  }
  int64_t game(bool rated) {
    GameSettings settings;
    settings.size = 9;
    settings.blackUserId = alice_;
    settings.whiteUserId = bob_;
    settings.status = game::GameStatus::Playing;
    settings.rated = rated;
    return store_->createGame(settings).value();
  }
  // Black wins: +10 for Black, -10 for White, deviations shrink by 5.
  RatedGame blackWins(std::vector<std::string> categories = {"overall", "9x9"}) {
    return RatedGame{alice_, bob_, std::move(categories),
                     [](const CategoryRating& b, const CategoryRating& w) {
                       CategoryRating black = b, white = w;
                       black.rating += 10;
                       white.rating -= 10;
                       black.deviation -= 5;
                       white.deviation -= 5;
                       return std::pair{black, white};
                     }};
  }
  double ratingIn(int64_t user, const std::string& category) {
    // The list outlives the loop: value() of a temporary would leave it dangling.
    const std::vector<CategoryRating> ratings = store_->ratingsOf(user).value();
    for (const CategoryRating& r : ratings) {
      if (r.category == category) return r.rating;
    }
    return -1;
  }
};

TENGEN_ON_BOTH_STORES(Ratings);

TEST_P(Ratings, TheEndingWriteRatesBothPlayersInEveryCategoryOnce) {
  const int64_t id = game(true);
  EXPECT_TRUE(
      store_->finishGame(id, game::GameStatus::Finished, resultOf("B+R"), blackWins()).value());
  EXPECT_EQ(ratingIn(alice_, "overall"), 1510);
  EXPECT_EQ(ratingIn(alice_, "9x9"), 1510);
  EXPECT_EQ(ratingIn(bob_, "9x9"), 1490);
  // A second ending (a replay after a restart, say) changes nothing.
  EXPECT_FALSE(
      store_->finishGame(id, game::GameStatus::Finished, resultOf("B+R"), blackWins()).value());
  EXPECT_EQ(ratingIn(alice_, "overall"), 1510);
  const auto ratings = store_->ratingsOf(alice_).value();
  ASSERT_EQ(ratings.size(), 2u);
  EXPECT_EQ(ratings[0].games, 1);
  EXPECT_EQ(ratings[0].deviation, 345);
  const auto loaded = store_->loadGame(id).value();
  ASSERT_TRUE(loaded);
  EXPECT_EQ(loaded->settings.status, game::GameStatus::Finished);
  EXPECT_EQ(loaded->settings.result, resultOf("B+R"));
  EXPECT_TRUE(loaded->settings.rated);
}

TEST_P(Ratings, UnratedTablesCancelledGamesAndMissingUpdatesRateNobody) {
  EXPECT_TRUE(
      store_->finishGame(game(false), game::GameStatus::Finished, resultOf("B+R"), blackWins())
          .value());
  const int64_t cancelled = game(true);
  EXPECT_TRUE(store_->finishGame(cancelled, game::GameStatus::Cancelled, std::nullopt, blackWins())
                  .value());
  const int64_t early = game(true);
  EXPECT_TRUE(
      store_->finishGame(early, game::GameStatus::Finished, resultOf("W+T"), std::nullopt).value());
  EXPECT_TRUE(store_->ratingsOf(alice_).value().empty());
  EXPECT_TRUE(store_->ratingHistory(bob_, 10).value().empty());
  // Once ended, the row says whether the game was rated, not whether the table asked.
  for (const int64_t id : {cancelled, early}) {
    const auto loaded = store_->loadGame(id).value();
    ASSERT_TRUE(loaded);
    EXPECT_FALSE(loaded->settings.rated) << "game " << id;
  }
}

TEST_P(Ratings, HistoryKeepsTheNewestPointsOldestFirst) {
  std::vector<int64_t> games;
  for (int i = 0; i < 3; ++i) {
    games.push_back(game(true));
    ASSERT_TRUE(store_->finishGame(games.back(), game::GameStatus::Finished, resultOf("B+1"),
                                   blackWins({"overall"})));
  }
  const auto history = store_->ratingHistory(alice_, 2).value();
  ASSERT_EQ(history.size(), 2u);
  EXPECT_EQ(history[0].gameId, games[1]);
  EXPECT_EQ(history[0].rating, 1520);
  EXPECT_EQ(history[1].gameId, games[2]);
  EXPECT_EQ(history[1].rating, 1530);
}

TEST_P(Ratings, ARatingAtATimeIsTheLastPointAtOrBeforeIt) {
  EXPECT_FALSE(store_->ratingAt(alice_, "overall", std::numeric_limits<int64_t>::max()).value());
  std::vector<int64_t> games;
  for (int i = 0; i < 2; ++i) {
    games.push_back(game(true));
    ASSERT_TRUE(store_->finishGame(games.back(), game::GameStatus::Finished, resultOf("B+1"),
                                   blackWins({"overall"})));
  }
  const auto history = store_->ratingHistory(alice_, 10).value();
  ASSERT_EQ(history.size(), 2u);
  const auto now = store_->ratingAt(alice_, "overall", std::numeric_limits<int64_t>::max());
  ASSERT_TRUE(now.value());
  EXPECT_EQ((*now)->gameId, games[1]);
  EXPECT_EQ((*now)->rating, 1520);
  EXPECT_FALSE(store_->ratingAt(alice_, "overall", history[0].atMs - 1).value())
      << "before the first game: a newcomer";
  EXPECT_FALSE(store_->ratingAt(alice_, "19x19", std::numeric_limits<int64_t>::max()).value())
      << "another category";
  EXPECT_FALSE(
      store_->ratingAt(bob_ + 100, "overall", std::numeric_limits<int64_t>::max()).value());
}

TEST_P(Ratings, UnknownGamesAndBadStatusesAreErrors) {
  auto unknown = store_->finishGame(999, game::GameStatus::Finished, resultOf("B+R"), std::nullopt);
  ASSERT_FALSE(unknown);
  EXPECT_EQ(unknown.error().message, "game 999 not found");
  auto bad =
      store_->finishGame(game(true), game::GameStatus::Playing, resultOf("B+R"), std::nullopt);
  ASSERT_FALSE(bad);
  EXPECT_EQ(bad.error().message, "ending a game: status must be finished or cancelled");
}

}  // namespace
}  // namespace tengen::store

namespace tengen::store {
namespace {

TEST_P(Ratings, APlayersFinishedGamesNewestFirstBySizeAndPage) {
  std::vector<int64_t> ended;
  for (int i = 0; i < 4; ++i) {
    ended.push_back(game(true));
    ASSERT_TRUE(store_->finishGame(ended.back(), game::GameStatus::Finished, resultOf("B+1"),
                                   std::nullopt));
  }
  game(true);  // still playing: not listed
  const int64_t carol = user("carol");
  const auto all = store_->listFinishedGamesOf(alice_, 0, 0, 10).value();
  ASSERT_EQ(all.size(), 4u);
  EXPECT_EQ(all[0].id, ended[3]);
  const auto page = store_->listFinishedGamesOf(bob_, 0, 1, 2).value();
  ASSERT_EQ(page.size(), 2u);
  EXPECT_EQ(page[0].id, ended[2]);
  EXPECT_TRUE(store_->listFinishedGamesOf(alice_, 19, 0, 10).value().empty());
  EXPECT_EQ(store_->listFinishedGamesOf(alice_, 9, 0, 10).value().size(), 4u);
  EXPECT_TRUE(store_->listFinishedGamesOf(carol, 0, 0, 10).value().empty());
}

}  // namespace
}  // namespace tengen::store
