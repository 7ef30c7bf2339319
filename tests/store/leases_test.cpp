// Game leases and fenced appends (Store::acquireLease, releaseLease, leaseOf,
// appendEventsFenced) on both backends: one node at a time runs a game, and a node that lost
// it cannot write into it any more.
#include <gtest/gtest.h>

#include <future>

#include "backend.h"

namespace tengen::store {
namespace {

using testing::Backend;
using testing::BackendStore;

constexpr int64_t kNow = 1'796'000'000'000;
constexpr int64_t kTtl = 5'000;

class Leases : public ::testing::TestWithParam<Backend> {
 protected:
  BackendStore store_{GetParam()};
  int64_t game_ = testing::newGame(*store_);

  std::optional<GameLease> acquire(const std::string& node, int64_t now) {
    auto lease = store_->acquireLease(game_, node, now, kTtl);
    EXPECT_TRUE(lease) << lease.error().toString();
    return lease ? *lease : std::nullopt;
  }
  AppendResult appendFenced(int64_t seq, int64_t token) {
    std::promise<AppendResult> done;
    auto result = done.get_future();
    store_->appendEventsFenced({GameEvent{game_, seq, "move", "{}", 0}}, token,
                               [&](AppendResult r) { done.set_value(std::move(r)); });
    return result.get();
  }
};
TENGEN_ON_BOTH_STORES(Leases);

TEST_P(Leases, OneNodeHoldsAGameUntilItsLeaseExpiresThenTheNextGetsALargerToken) {
  EXPECT_EQ(store_->leaseOf(game_).value(), std::nullopt);
  const auto a = acquire("node-a", kNow);
  ASSERT_TRUE(a);
  EXPECT_EQ(*a, (GameLease{game_, "node-a", 1, kNow + kTtl}));
  EXPECT_EQ(acquire("node-b", kNow + 1000), std::nullopt) << "node-a's lease is live";
  const auto renewed = acquire("node-a", kNow + 4000);
  ASSERT_TRUE(renewed);
  EXPECT_EQ(renewed->token, 1) << "a renewal keeps the token";
  EXPECT_EQ(renewed->expiresMs, kNow + 4000 + kTtl);
  EXPECT_EQ(acquire("node-b", kNow + 4000 + kTtl - 1), std::nullopt);
  const auto b = acquire("node-b", kNow + 4000 + kTtl);
  ASSERT_TRUE(b) << "expired: node-b takes the game over";
  EXPECT_EQ(b->token, 2);
  EXPECT_EQ(acquire("node-a", kNow + 4000 + kTtl + 1), std::nullopt) << "node-a lost it";
  EXPECT_EQ(store_->leaseOf(game_).value(), b);
}

TEST_P(Leases, AStaleOwnersFencedAppendFailsAndWritesNothing) {
  const auto a = acquire("node-a", kNow);
  ASSERT_TRUE(a);
  ASSERT_TRUE(appendFenced(1, a->token).ok());
  const auto b = acquire("node-b", kNow + kTtl);
  ASSERT_TRUE(b);
  const AppendResult late = appendFenced(2, a->token);
  EXPECT_EQ(late.status, AppendStatus::Fenced) << late.message;
  EXPECT_NE(late.message.find("another node owns it now"), std::string::npos) << late.message;
  EXPECT_EQ(store_->loadEvents(game_, 0).value().size(), 1u);
  EXPECT_TRUE(appendFenced(2, b->token).ok());
  EXPECT_EQ(store_->loadEvents(game_, 0).value().size(), 2u);
  // Without a lease at all a fenced append fails too; an unfenced one is the single node's.
  const int64_t other = testing::newGame(*store_);
  std::promise<AppendResult> done;
  store_->appendEventsFenced({GameEvent{other, 1, "move", "{}", 0}}, 1,
                             [&](AppendResult r) { done.set_value(std::move(r)); });
  EXPECT_EQ(done.get_future().get().status, AppendStatus::Fenced);
  EXPECT_TRUE(store_->appendEventSync(GameEvent{other, 1, "move", "{}", 0}).ok());
}

TEST_P(Leases, AReleasedLeaseIsTakenAtOnceAndOnlyItsHolderCanReleaseIt) {
  const auto a = acquire("node-a", kNow);
  ASSERT_TRUE(a);
  ASSERT_TRUE(store_->releaseLease(GameLease{game_, "node-b", a->token, 0}));  // not b's
  EXPECT_EQ(acquire("node-b", kNow + 1), std::nullopt);
  ASSERT_TRUE(store_->releaseLease(*a));
  EXPECT_EQ(store_->leaseOf(game_).value(), (GameLease{game_, "", 1, 0})) << "nobody's";
  EXPECT_EQ(store_->expiredLeases(kNow + 2, 10).value(),
            (std::vector<GameLease>{{game_, "", 1, 0}}));
  const auto b = acquire("node-b", kNow + 2);
  ASSERT_TRUE(b);
  EXPECT_EQ(b->token, 2);
  EXPECT_EQ(store_->expiredLeases(kNow + 2, 10).value(), std::vector<GameLease>{});
}

// A game's lease lives and dies with its holder's node lease: renewing the node keeps every
// game it holds, and a node's lease never moves back when an older time is given.
TEST_P(Leases, ANodesLeaseCoversAllItsGamesAndNeverShortens) {
  const int64_t second = testing::newGame(*store_);
  ASSERT_TRUE(acquire("node-a", kNow + 3000));
  ASSERT_TRUE(store_->acquireLease(second, "node-a", kNow, kTtl).value());
  EXPECT_EQ(store_->leaseOf(second).value()->expiresMs, kNow + 3000 + kTtl) << "not shortened";
  ASSERT_TRUE(store_->renewLeases("node-a", kNow + 9000, kTtl));
  EXPECT_EQ(store_->leaseOf(game_).value()->expiresMs, kNow + 9000 + kTtl);
  EXPECT_EQ(store_->leaseOf(second).value()->expiresMs, kNow + 9000 + kTtl);
  EXPECT_EQ(acquire("node-b", kNow + 9000 + kTtl - 1), std::nullopt);
  EXPECT_TRUE(store_->acquireLease(second, "node-b", kNow + 9000 + kTtl, kTtl).value());
  EXPECT_FALSE(store_->renewLeases("", kNow, kTtl)) << "a node needs a name";
  EXPECT_FALSE(store_->acquireLease(game_, "", kNow, kTtl));
}

TEST_P(Leases, ALeaseOfAnUnknownGameIsAnError) {
  auto lease = store_->acquireLease(987654, "node-a", kNow, kTtl);
  ASSERT_FALSE(lease);
  EXPECT_NE(lease.error().toString().find("game 987654 does not exist"), std::string::npos)
      << lease.error().toString();
}

// A node's beat renews all its leases at once (its one node row), and lists its live games.
TEST_P(Leases, RenewLeasesExtendsEveryLeaseOfTheNodeOnLiveGamesAndNoOther) {
  const int64_t second = testing::newGame(*store_);
  const int64_t others = testing::newGame(*store_);
  const int64_t finished = testing::newGame(*store_);
  ASSERT_TRUE(store_->acquireLease(game_, "node-a", kNow, kTtl).value());
  ASSERT_TRUE(store_->acquireLease(second, "node-a", kNow, kTtl).value());
  ASSERT_TRUE(store_->acquireLease(others, "node-b", kNow, kTtl).value());
  ASSERT_TRUE(store_->acquireLease(finished, "node-a", kNow, kTtl).value());
  ASSERT_TRUE(
      store_->finishGame(finished, game::GameStatus::Cancelled, std::nullopt, std::nullopt));

  auto renewed = store_->renewLeases("node-a", kNow + 1000, kTtl);
  ASSERT_TRUE(renewed) << renewed.error().toString();
  EXPECT_EQ(*renewed, (std::vector<int64_t>{game_, second}));
  EXPECT_EQ(store_->leaseOf(game_).value(), (GameLease{game_, "node-a", 1, kNow + 1000 + kTtl}));
  EXPECT_EQ(store_->leaseOf(others).value()->expiresMs, kNow + kTtl) << "node-b's is untouched";
  // node-b takes `second` over once node-a's lease ran out: node-a renews only game_ then.
  ASSERT_TRUE(store_->acquireLease(second, "node-b", kNow + 1000 + kTtl, kTtl).value());
  EXPECT_EQ(store_->renewLeases("node-a", kNow + 1000 + kTtl, kTtl).value(),
            std::vector<int64_t>{game_});
}

// What a node's beat asks for: the live games whose owner stopped renewing, oldest first;
// finished games and live leases are not among them.
TEST_P(Leases, ExpiredLeasesListsTheLiveGamesWhoseOwnerStoppedRenewing) {
  const int64_t second = testing::newGame(*store_);
  const int64_t finished = testing::newGame(*store_);
  ASSERT_TRUE(store_->acquireLease(game_, "node-a", kNow + 100, kTtl).value());
  ASSERT_TRUE(store_->acquireLease(second, "node-b", kNow, kTtl).value());
  ASSERT_TRUE(store_->acquireLease(finished, "node-a", kNow, kTtl).value());
  ASSERT_TRUE(
      store_->finishGame(finished, game::GameStatus::Cancelled, std::nullopt, std::nullopt));

  EXPECT_EQ(store_->expiredLeases(kNow + kTtl - 1, 10).value(), std::vector<GameLease>{});
  EXPECT_EQ(store_->expiredLeases(kNow + kTtl, 10).value(),
            (std::vector<GameLease>{{second, "node-b", 1, kNow + kTtl}}));
  EXPECT_EQ(store_->expiredLeases(kNow + kTtl + 100, 10).value(),
            (std::vector<GameLease>{{second, "node-b", 1, kNow + kTtl},
                                    {game_, "node-a", 1, kNow + 100 + kTtl}}));
  EXPECT_EQ(store_->expiredLeases(kNow + kTtl + 100, 1).value().size(), 1u) << "the limit";
  // Taken over, it is live again.
  ASSERT_TRUE(store_->acquireLease(second, "node-c", kNow + kTtl, kTtl).value());
  EXPECT_EQ(store_->expiredLeases(kNow + kTtl + 100, 10).value(),
            (std::vector<GameLease>{{game_, "node-a", 1, kNow + 100 + kTtl}}));
}

}  // namespace
}  // namespace tengen::store
