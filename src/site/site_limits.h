#pragma once

#include <chrono>
#include <optional>

namespace tengen::site {

// Caps that keep one user from holding what everybody shares (docs/protocol.md, "Limits").
struct SiteLimits {
  // Open (not yet started) tables one user may own at once; create_table past it is refused
  // with too_many_tables.
  int maxOpenTablesPerUser = 5;
  // An untimed game against a bot ends when the human has not acted for this long: the human
  // forfeits ("abandoned"), freeing the bot's game slot. Timed games end by their clocks.
  std::chrono::milliseconds botGameIdleLimit = std::chrono::hours(24);
  // Leaving a game (docs/protocol.md "Leaving a game"; presence/leaving_grace.h). A seated
  // player whose last socket left the room is shown disconnected after presenceDebounce, so
  // that a page reload does not flash it. claimGrace, when set (serve --claim-grace), replaces
  // the grace that scales with the time control, for tests and small clubs.
  std::chrono::milliseconds presenceDebounce = std::chrono::seconds(3);
  std::optional<std::chrono::milliseconds> claimGrace;
  // An untimed game whose last event other than chat is this old ends by itself, annulled
  // (serve --inactivity-limit).
  std::chrono::milliseconds untimedInactivityLimit = std::chrono::days(14);
  // An open table whose owner has had no socket on the site for this long is cancelled
  // (lobby/table_expiry.h), so tables nobody will start do not fill the lobby; correspondence
  // tables wait longer, as their players come by once a day. Checked every abandonedTableCheck.
  std::chrono::milliseconds abandonedTableLimit = std::chrono::minutes(10);
  std::chrono::milliseconds abandonedCorrespondenceTableLimit = std::chrono::days(7);
  std::chrono::milliseconds abandonedTableCheck = std::chrono::seconds(30);
};

}  // namespace tengen::site
