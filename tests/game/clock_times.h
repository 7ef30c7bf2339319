#pragma once

// Times the clock tests share, in milliseconds since the epoch and in spans.

#include <cstdint>

namespace tengen::game::test {

inline constexpr int64_t kHourMs = 3'600'000;
inline constexpr int64_t kDayMs = 24 * kHourMs;
inline constexpr int64_t kT0 = 1'796'000'000'000;  // 2026-11-30 UTC, a Monday

}  // namespace tengen::game::test
