#pragma once

// Token buckets by key (a client address, an account name), bounded in memory. Each key's
// bucket holds up to `burst` tokens and gains one every `refillEvery`; an attempt takes one.
// At most `capacity` keys are tracked: a new key past that evicts the key touched longest ago,
// so a flood of distinct names or addresses costs a fixed amount of memory. The evicted bucket
// is the one that has refilled longest, nearly always full already, so forgetting it gives
// little away. Thread-safe (one mutex, held for a map lookup).

#include <chrono>
#include <cstddef>
#include <list>
#include <mutex>
#include <optional>
#include <string>
#include <unordered_map>

namespace tengen::site {

struct BucketRule {
  double burst = 10;
  std::chrono::milliseconds refillEvery{1000};
};

class TokenBuckets {
 public:
  using Clock = std::chrono::steady_clock;

  TokenBuckets(BucketRule rule, std::size_t capacity);

  // Takes a token from `key`'s bucket: nullopt when one was there, else how long until one
  // will be (at least 1 ms).
  std::optional<std::chrono::milliseconds> take(const std::string& key,
                                                Clock::time_point now = Clock::now());
  // Puts a token back (an attempt that turned out legitimate), up to the burst.
  void giveBack(const std::string& key);
  std::size_t size() const;

 private:
  struct Bucket {
    double tokens = 0;
    Clock::time_point updated;
    std::list<std::string>::iterator age;  // position in ages_
  };
  void refill(Bucket& bucket, Clock::time_point now) const;

  const BucketRule rule_;
  const std::size_t capacity_;
  mutable std::mutex mutex_;
  std::unordered_map<std::string, Bucket> buckets_;
  std::list<std::string> ages_;  // keys, least recently touched first
};

}  // namespace tengen::site
