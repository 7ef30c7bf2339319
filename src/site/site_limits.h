#pragma once

#include <chrono>

namespace tengen::site {

// Caps that keep one user from holding what everybody shares (docs/protocol.md, "Limits").
struct SiteLimits {
  // Open (not yet started) tables one user may own at once; create_table past it is refused
  // with too_many_tables.
  int maxOpenTablesPerUser = 5;
  // An untimed game against a bot ends when the human has not acted for this long: the human
  // forfeits ("abandoned"), freeing the bot's game slot. Timed games end by their clocks.
  std::chrono::milliseconds botGameIdleLimit = std::chrono::hours(24);
};

}  // namespace tengen::site
