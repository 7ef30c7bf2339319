#pragma once

// The vacation bank of a correspondence player (docs/protocol.md, "Vacation"): days a player
// may be away while their correspondence games' clocks are paused. Every account starts with
// kStartBankMs and earns one day for every kEarnDivisor days it is not on vacation, up to
// kCapMs; a vacation spends the bank in real time and ends by itself when it is empty. Pure
// arithmetic over store::Vacation and explicit times, so it is tested without a clock.

#include <cstdint>
#include <optional>

#include "store/store.h"

namespace tengen::site {

inline constexpr int64_t kDayMs = 86'400'000;
// A new account's bank: a week, so a newcomer can already take one.
inline constexpr int64_t kStartBankMs = 7 * kDayMs;
// One day earned per week not on vacation: about 52 days a year, as much as a working year's
// holidays and weekends away from the board.
inline constexpr int64_t kEarnDivisor = 7;
// The most a bank holds: a month, so nobody stores up a year of pauses.
inline constexpr int64_t kCapMs = 30 * kDayMs;
// The least a vacation may start with: shorter ones would only flicker the clocks.
inline constexpr int64_t kMinimumStartMs = 3'600'000;

// The bank of an account that never took a vacation.
store::Vacation freshVacation(int64_t accountCreatedMs);
// What is left at nowMs: spent in real time while on vacation (never below 0), earned at
// 1/kEarnDivisor of real time otherwise (never above kCapMs). A time before asOfMs changes
// nothing.
int64_t bankAt(const store::Vacation& vacation, int64_t nowMs);
// When a vacation under way runs out: sinceMs + the bank it started with; nullopt when not on one.
std::optional<int64_t> vacationEndsAtMs(const store::Vacation& vacation);
// The record after starting one at nowMs (the caller checks kMinimumStartMs) or ending one at
// nowMs, or at the end of the bank if that came first. Ending one costs at least
// kMinimumStartMs: every start and end writes an event into each of the player's
// correspondence games, so toggling must spend the bank instead of growing their logs for free.
store::Vacation startVacation(const store::Vacation& vacation, int64_t nowMs);
store::Vacation endVacation(const store::Vacation& vacation, int64_t nowMs);

}  // namespace tengen::site
