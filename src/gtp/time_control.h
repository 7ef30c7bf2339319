#pragma once

#include <array>
#include <optional>

namespace tengen::gtp {

// Time systems as GTP `time_settings` and KGS `kgs-time_settings` describe them.
enum class TimeSystem {
  None,      // no time limit
  Absolute,  // main time only
  Canadian,  // main time, then `periodStones` moves in each period of `periodSeconds`
  Byoyomi,   // main time, then `periods` periods of `periodSeconds`, one move each
};

struct TimeSettings {
  TimeSystem system = TimeSystem::None;
  int mainSeconds = 0;
  int periodSeconds = 0;
  int periodStones = 0;  // Canadian
  int periods = 0;       // Byoyomi
};

// What the controller last reported with `time_left`: seconds left in the current period
// (main time or overtime) and stones left in it, 0 while in main time. For byo-yomi KGS
// sends the periods left in place of the stones.
struct TimeLeft {
  double seconds = 0;
  int stones = 0;
};

struct TimeState {
  TimeSettings settings;
  std::array<std::optional<TimeLeft>, 2> left;  // by colorIndex; unset until reported
};

}  // namespace tengen::gtp
