// The in-memory session cache in front of the store.

#include "site/accounts/session_cache.h"

#include <gtest/gtest.h>

namespace tengen::site {
namespace {

using namespace std::chrono_literals;

server::SessionUser user(std::int64_t id) { return {id, "user" + std::to_string(id), false, ""}; }

TEST(SessionCache, FindsWhatWasPutUntilItExpires) {
  SessionCache cache(10, 5min);
  cache.put("h1", user(1), /*sessionExpiresMs=*/2000, /*nowMs=*/1000);
  ASSERT_TRUE(cache.find("h1", 1999));
  EXPECT_EQ(cache.find("h1", 1999)->id, 1);
  EXPECT_FALSE(cache.find("h1", 2000)) << "expired at its expiry, as in the store";
  EXPECT_EQ(cache.size(), 0u) << "an expired entry is dropped when found";
  EXPECT_FALSE(cache.find("other", 0));
}

TEST(SessionCache, EntriesLiveAtMostMaxAge) {
  SessionCache cache(10, 1s);
  cache.put("h1", user(1), /*sessionExpiresMs=*/1'000'000, /*nowMs=*/0);
  EXPECT_TRUE(cache.find("h1", 999));
  EXPECT_FALSE(cache.find("h1", 1000)) << "re-read from the store after maxAge";
}

TEST(SessionCache, ForgetRemoves) {
  SessionCache cache(10, 5min);
  cache.put("h1", user(1), 10'000, 0);
  cache.put("h2", user(2), 10'000, 0);
  cache.forget("h1");
  cache.forget("never there");
  EXPECT_FALSE(cache.find("h1", 1));
  EXPECT_TRUE(cache.find("h2", 1));
}

TEST(SessionCache, NeverGrowsPastItsCapacityAndEvictsExpiredFirst) {
  SessionCache cache(3, 5min);
  cache.put("old", user(1), /*sessionExpiresMs=*/100, 0);
  cache.put("a", user(2), 100'000, 0);
  cache.put("b", user(3), 100'000, 0);
  cache.put("c", user(4), 100'000, /*nowMs=*/200);  // full: "old" has expired and goes
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_TRUE(cache.find("a", 200));
  EXPECT_TRUE(cache.find("b", 200));
  EXPECT_TRUE(cache.find("c", 200));
  for (int i = 0; i < 50; ++i) cache.put("more" + std::to_string(i), user(10 + i), 100'000, 300);
  EXPECT_EQ(cache.size(), 3u);
  EXPECT_TRUE(cache.find("more49", 300)) << "the newest entry is kept";
}

TEST(SessionCache, PuttingAnExpiredSessionCachesNothing) {
  SessionCache cache(3, 5min);
  cache.put("h1", user(1), 100, 100);
  EXPECT_EQ(cache.size(), 0u);
}

TEST(SessionCache, ReplacingAKeyDoesNotEvict) {
  SessionCache cache(2, 5min);
  cache.put("a", user(1), 100'000, 0);
  cache.put("b", user(2), 100'000, 0);
  cache.put("a", user(3), 100'000, 0);
  EXPECT_EQ(cache.find("a", 1)->id, 3);
  EXPECT_TRUE(cache.find("b", 1));
}

}  // namespace
}  // namespace tengen::site
