#include "site/accounts/token_buckets.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <iterator>

namespace tengen::site {

TokenBuckets::TokenBuckets(BucketRule rule, std::size_t capacity)
    : rule_(rule), capacity_(std::max<std::size_t>(capacity, 1)) {}

void TokenBuckets::refill(Bucket& bucket, Clock::time_point now) const {
  if (now <= bucket.updated) return;
  const double elapsedMs = std::chrono::duration<double, std::milli>(now - bucket.updated).count();
  const double periodMs = std::max<double>(1.0, static_cast<double>(rule_.refillEvery.count()));
  bucket.tokens = std::min(rule_.burst, bucket.tokens + elapsedMs / periodMs);
  bucket.updated = now;
}

std::optional<std::chrono::milliseconds> TokenBuckets::take(const std::string& key,
                                                            Clock::time_point now) {
  std::lock_guard lock(mutex_);
  auto it = buckets_.find(key);
  if (it == buckets_.end()) {
    if (buckets_.size() >= capacity_) {
      buckets_.erase(ages_.front());
      ages_.pop_front();
    }
    ages_.push_back(key);
    it = buckets_.emplace(key, Bucket{rule_.burst, now, std::prev(ages_.end())}).first;
  } else {
    ages_.splice(ages_.end(), ages_, it->second.age);
    refill(it->second, now);
  }
  Bucket& bucket = it->second;
  if (bucket.tokens >= 1.0) {
    bucket.tokens -= 1.0;
    return std::nullopt;
  }
  const double waitMs = (1.0 - bucket.tokens) * static_cast<double>(rule_.refillEvery.count());
  return std::chrono::milliseconds(std::max<std::int64_t>(1, std::llround(std::ceil(waitMs))));
}

void TokenBuckets::giveBack(const std::string& key) {
  std::lock_guard lock(mutex_);
  const auto it = buckets_.find(key);
  if (it != buckets_.end()) it->second.tokens = std::min(rule_.burst, it->second.tokens + 1.0);
}

std::size_t TokenBuckets::size() const {
  std::lock_guard lock(mutex_);
  return buckets_.size();
}

}  // namespace tengen::site
