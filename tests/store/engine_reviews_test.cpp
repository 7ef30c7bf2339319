// Engine reviews (Store::engineReviewOf / saveEngineReview, migrations/0016_engine_reviews.sql)
// in a real SQLite file and a real PostgreSQL database.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class EngineReviewsStore : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(EngineReviewsStore);

EngineReview review(int64_t playouts, double firstWinRate) {
  return EngineReview{playouts,
                      1'700'000'000'123,
                      {{0, firstWinRate, -6.5, true, "D4"},
                       {1, 0.4375, -3.25, false, "Q16"},
                       {2, 0.125, -20.5, true, "pass"},
                       {3, 0.0625, -31.5, true, "T19"}}};
}

TEST_P(EngineReviewsStore, SavedOncePerGameAndBudgetReadBackExactlyInMoveOrder) {
  const int64_t game = store_->createGame(GameSettings{}).value();
  const int64_t other = store_->createGame(GameSettings{}).value();
  EXPECT_EQ(store_->engineReviewOf(game, 1600).value(), std::nullopt);

  ASSERT_TRUE(store_->saveEngineReview(game, review(1600, 0.5)));
  ASSERT_TRUE(store_->saveEngineReview(game, review(64, 0.75)));  // another budget: its own
  EXPECT_EQ(store_->engineReviewOf(game, 1600).value(), review(1600, 0.5));
  EXPECT_EQ(store_->engineReviewOf(game, 64).value(), review(64, 0.75));
  EXPECT_EQ(store_->engineReviewOf(other, 1600).value(), std::nullopt);

  // A second save of the same game and budget (two nodes finished it) keeps the first.
  ASSERT_TRUE(store_->saveEngineReview(game, review(1600, 0.9)));
  EXPECT_EQ(store_->engineReviewOf(game, 1600).value(), review(1600, 0.5));
}

TEST_P(EngineReviewsStore, AReviewOfAGameThatDoesNotExistIsRefusedByName) {
  const int64_t game = store_->createGame(GameSettings{}).value();
  auto saved = store_->saveEngineReview(game + 100, review(1600, 0.5));
  ASSERT_FALSE(saved);
  EXPECT_NE(saved.error().toString().find("does not exist"), std::string::npos)
      << saved.error().toString();
  EXPECT_EQ(store_->engineReviewOf(game + 100, 1600).value(), std::nullopt);
}

}  // namespace
}  // namespace tengen::store
