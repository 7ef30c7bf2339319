// Token buckets by key (site/accounts/token_buckets.h): burst, refill, independence and the memory
// bound. Time is passed in, so nothing here waits.

#include "site/accounts/token_buckets.h"

#include <gtest/gtest.h>

namespace tengen::site {
namespace {

using namespace std::chrono_literals;
using Clock = TokenBuckets::Clock;

TEST(TokenBuckets, ABurstIsAllowedThenRefusedWithTheWait) {
  TokenBuckets buckets({3, 1000ms}, 100);
  const auto t0 = Clock::now();
  for (int i = 0; i < 3; ++i) EXPECT_FALSE(buckets.take("a", t0)) << i;
  const auto wait = buckets.take("a", t0);
  ASSERT_TRUE(wait);
  EXPECT_EQ(*wait, 1000ms);
}

TEST(TokenBuckets, TokensComeBackOverTime) {
  TokenBuckets buckets({2, 1000ms}, 100);
  const auto t0 = Clock::now();
  EXPECT_FALSE(buckets.take("a", t0));
  EXPECT_FALSE(buckets.take("a", t0));
  EXPECT_TRUE(buckets.take("a", t0 + 500ms));
  EXPECT_FALSE(buckets.take("a", t0 + 1000ms));
  // Never more than the burst, however long it rested.
  const auto later = t0 + 1h;
  EXPECT_FALSE(buckets.take("a", later));
  EXPECT_FALSE(buckets.take("a", later));
  EXPECT_TRUE(buckets.take("a", later));
}

TEST(TokenBuckets, KeysAreIndependent) {
  TokenBuckets buckets({1, 1h}, 100);
  const auto t0 = Clock::now();
  EXPECT_FALSE(buckets.take("a", t0));
  EXPECT_TRUE(buckets.take("a", t0));
  EXPECT_FALSE(buckets.take("b", t0));
}

TEST(TokenBuckets, GivingBackRestoresOneToken) {
  TokenBuckets buckets({1, 1h}, 100);
  const auto t0 = Clock::now();
  EXPECT_FALSE(buckets.take("a", t0));
  buckets.giveBack("a");
  EXPECT_FALSE(buckets.take("a", t0));
  EXPECT_TRUE(buckets.take("a", t0));
}

TEST(TokenBuckets, AFloodOfKeysStaysWithinCapacityAndEvictsTheLeastRecent) {
  TokenBuckets buckets({1, 1h}, 3);
  const auto t0 = Clock::now();
  EXPECT_FALSE(buckets.take("a", t0));
  EXPECT_FALSE(buckets.take("b", t0));
  EXPECT_FALSE(buckets.take("c", t0));
  EXPECT_TRUE(buckets.take("a", t0));   // touched: "b" is now the least recent
  EXPECT_FALSE(buckets.take("d", t0));  // evicts "b"
  EXPECT_EQ(buckets.size(), 3u);
  EXPECT_TRUE(buckets.take("a", t0));   // still tracked, still empty
  EXPECT_FALSE(buckets.take("b", t0));  // forgotten: starts afresh
  for (int i = 0; i < 1000; ++i) buckets.take("flood" + std::to_string(i), t0);
  EXPECT_EQ(buckets.size(), 3u);
}

}  // namespace
}  // namespace tengen::site
