#include "histogram.h"

#include <algorithm>
#include <bit>
#include <cmath>

namespace tengen::loadgen {

int LatencyHistogram::bucketOf(std::uint64_t micros) {
  if (micros < kExact) return static_cast<int>(micros);
  // shift >= 1 brings micros into [64, 128): the top 7 bits select the bucket.
  const int shift = std::bit_width(micros) - 7;
  const int octave = std::min(shift, kOctaves) - 1;
  const auto mantissa = shift > kOctaves ? kPerOctave - 1 : static_cast<int>(micros >> shift) - 64;
  return kExact + octave * kPerOctave + mantissa;
}

std::uint64_t LatencyHistogram::upperEdgeOf(int bucket) {
  if (bucket < kExact) return static_cast<std::uint64_t>(bucket);
  const int octave = (bucket - kExact) / kPerOctave;
  const int mantissa = (bucket - kExact) % kPerOctave;
  const int shift = octave + 1;
  return ((static_cast<std::uint64_t>(64 + mantissa + 1)) << shift) - 1;
}

void LatencyHistogram::record(std::chrono::nanoseconds latency) {
  const auto micros = static_cast<std::uint64_t>(std::max<std::int64_t>(
      0, std::chrono::duration_cast<std::chrono::microseconds>(latency).count()));
  ++counts_[static_cast<std::size_t>(bucketOf(micros))];
  ++count_;
  sumMicros_ += micros;
  maxMicros_ = std::max(maxMicros_, micros);
}

void LatencyHistogram::merge(const LatencyHistogram& other) {
  for (std::size_t i = 0; i < counts_.size(); ++i) counts_[i] += other.counts_[i];
  count_ += other.count_;
  sumMicros_ += other.sumMicros_;
  maxMicros_ = std::max(maxMicros_, other.maxMicros_);
}

std::chrono::microseconds LatencyHistogram::percentile(double percentile) const {
  if (count_ == 0) return std::chrono::microseconds(0);
  const auto wanted = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(percentile / 100.0 * static_cast<double>(count_))));
  std::uint64_t seen = 0;
  for (std::size_t i = 0; i < counts_.size(); ++i) {
    seen += counts_[i];
    if (seen >= wanted) {
      // The bucket's edge can exceed the largest sample; the maximum is exact.
      return std::chrono::microseconds(std::min(upperEdgeOf(static_cast<int>(i)), maxMicros_));
    }
  }
  return max();
}

std::chrono::microseconds LatencyHistogram::mean() const {
  return std::chrono::microseconds(count_ == 0 ? 0 : sumMicros_ / count_);
}

}  // namespace tengen::loadgen
