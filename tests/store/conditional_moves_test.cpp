// Conditional moves (Store::conditionalMovesOf / saveConditionalMoves / dropConditionalMoves,
// migrations/0013_conditional_moves.sql) in a real SQLite file and a real PostgreSQL database.
#include <gtest/gtest.h>

#include <optional>
#include <string>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

class ConditionalMovesStore : public ::testing::TestWithParam<Backend> {
 protected:
  int64_t user(const std::string& name) {
    auto created = store_->createUser(User{0, name, "$argon2id$x", false, 1000});
    EXPECT_TRUE(created && *created) << name;
    return created && *created ? (*created)->id : 0;
  }

  BackendStore store_{GetParam()};
};
TENGEN_ON_BOTH_STORES(ConditionalMovesStore);

TEST_P(ConditionalMovesStore, OneRowPerGameAndPlayerThatSavingReplacesAndDroppingRemoves) {
  const int64_t alice = user("alice");
  const int64_t bob = user("bob");
  const int64_t game = store_->createGame(GameSettings{}).value();
  const int64_t other = store_->createGame(GameSettings{}).value();
  // Bytes a JSON text may carry, kept exactly (a NUL included: the store passes bytes).
  const ConditionalMoves plan{12, std::string("[{\"move\":\"D4\",\"answer\":\"Q16\"}]\0\xff", 32)};
  const ConditionalMoves later{14, "[]"};

  EXPECT_EQ(store_->conditionalMovesOf(game, alice).value(), std::nullopt);
  ASSERT_TRUE(store_->saveConditionalMoves(game, alice, plan));
  ASSERT_TRUE(store_->saveConditionalMoves(other, alice, later));
  ASSERT_TRUE(store_->saveConditionalMoves(game, bob, later));
  EXPECT_EQ(store_->conditionalMovesOf(game, alice).value(), plan);
  EXPECT_EQ(store_->conditionalMovesOf(game, bob).value(), later);

  ASSERT_TRUE(store_->saveConditionalMoves(game, alice, later));  // replaces, no second row
  EXPECT_EQ(store_->conditionalMovesOf(game, alice).value(), later);
  ASSERT_TRUE(store_->dropConditionalMoves(game, alice));
  ASSERT_TRUE(store_->dropConditionalMoves(game, alice));  // nothing there: no error
  EXPECT_EQ(store_->conditionalMovesOf(game, alice).value(), std::nullopt);
  EXPECT_EQ(store_->conditionalMovesOf(other, alice).value(), later);
  EXPECT_EQ(store_->conditionalMovesOf(game, bob).value(), later);
}

TEST_P(ConditionalMovesStore, APlanForAGameOrUserThatDoesNotExistIsRefusedByName) {
  const int64_t alice = user("alice");
  const int64_t game = store_->createGame(GameSettings{}).value();
  auto noGame = store_->saveConditionalMoves(game + 100, alice, ConditionalMoves{1, "[]"});
  ASSERT_FALSE(noGame);
  EXPECT_NE(noGame.error().toString().find("does not exist"), std::string::npos)
      << noGame.error().toString();
  EXPECT_FALSE(store_->saveConditionalMoves(game, alice + 100, ConditionalMoves{1, "[]"}));
  EXPECT_EQ(store_->conditionalMovesOf(game, alice).value(), std::nullopt);
}

}  // namespace
}  // namespace tengen::store
