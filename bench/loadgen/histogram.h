#pragma once

// A latency histogram in the style of HdrHistogram: exact below 128 microseconds, then 64
// buckets per power of two (values are kept to within 1.6%). Fixed size, no allocation after
// construction, so recording costs a few instructions on the hot path; merging adds counts.

#include <array>
#include <chrono>
#include <cstdint>

namespace tengen::loadgen {

class LatencyHistogram {
 public:
  void record(std::chrono::nanoseconds latency);
  void merge(const LatencyHistogram& other);

  std::uint64_t count() const { return count_; }
  // The smallest value v such that at least `percentile` percent of the samples are <= v, as
  // the upper edge of its bucket (so a quoted p99 is never optimistic). 0 without samples.
  std::chrono::microseconds percentile(double percentile) const;
  std::chrono::microseconds max() const { return std::chrono::microseconds(maxMicros_); }
  std::chrono::microseconds mean() const;

  // Bucket arithmetic, public for the tests.
  static int bucketOf(std::uint64_t micros);
  static std::uint64_t upperEdgeOf(int bucket);

 private:
  static constexpr int kExact = 128;     // values below this get one bucket each
  static constexpr int kPerOctave = 64;  // buckets per power of two above that
  static constexpr int kOctaves = 40;    // up to 2^46 microseconds, far beyond any timeout
  std::array<std::uint64_t, kExact + kOctaves * kPerOctave> counts_{};
  std::uint64_t count_ = 0;
  std::uint64_t maxMicros_ = 0;
  std::uint64_t sumMicros_ = 0;
};

}  // namespace tengen::loadgen
