#pragma once

// Time controls and the two players' clocks, run by the server (docs/protocol.md, "Clocks").
// Pure logic over explicit times in Unix milliseconds: no timers, no reading of the system
// clock, so a replay of the log with the events' own times rebuilds the clocks exactly.

#include <boost/json/object.hpp>
#include <boost/json/value.hpp>

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "base/result.h"
#include "go/color.h"

namespace tengen::game {

enum class TimeKind { None, Absolute, Byoyomi, Canadian, Fischer };
std::string_view timeKindName(TimeKind kind);  // "none", "absolute", ... as in create_table

// The largest value of any time field: 90 days, so correspondence controls fit.
inline constexpr int kMaxTimeSeconds = 90 * 86400;

// The milliseconds from fromMs to toMs a clock charges: all of them, or with `pauseOnWeekends`
// only those outside weekends, Saturday 00:00 to Monday 00:00 UTC. UTC, not each player's
// zone: one rule both players and every replay agree on, documented in docs/protocol.md.
// 0 when toMs <= fromMs.
int64_t chargeableMs(bool pauseOnWeekends, int64_t fromMs, int64_t toMs);
// The earliest time t >= fromMs with chargeableMs(pauseOnWeekends, fromMs, t) >= spendMs:
// a deadline that falls in a weekend moves on past it.
int64_t afterChargingMs(bool pauseOnWeekends, int64_t fromMs, int64_t spendMs);

struct TimeControl {
  TimeKind kind = TimeKind::None;
  int mainSeconds = 0;
  int periods = 0;           // byoyomi
  int periodSeconds = 0;     // byoyomi, canadian
  int stones = 0;            // canadian
  int incrementSeconds = 0;  // fischer
  int maxSeconds = 0;        // fischer; 0 = no cap
  // Correspondence: no time is charged from Saturday 00:00 to Monday 00:00 UTC (weekendFreeMs).
  bool pauseOnWeekends = false;

  // The `time` object of create_table: exactly the fields of its kind, integers in range.
  // Errors name the field and the allowed range ("time.periods: expected an integer 1..100,
  // got 0"), in Error::message. Absolute and fischer need mainSeconds >= 1 (the clock starts
  // with main time only: a fischer increment comes after the first move); byoyomi and
  // canadian need periodSeconds >= 1 when mainSeconds is 0. Every time field allows up to
  // kMaxTimeSeconds (90 days, for correspondence). "pauseOnWeekends" (a boolean) is optional
  // for every kind but none, and toJson writes it only when true.
  static Result<TimeControl> fromJson(const boost::json::value& value);
  boost::json::object toJson() const;  // the documented shape; fromJson(toJson()) == *this
  // SGF TM (main time in seconds) and OT ("5x30 byo-yomi", "25/300 Canadian",
  // "10 Fischer", "10 Fischer max 600" when capped, "" for none/absolute).
  int sgfMainSeconds() const;
  std::string sgfOvertime() const;
  bool operator==(const TimeControl&) const = default;
};

// One player's remaining time.
// - byoyomi: `periodsLeft` periods after main time; `periodMs` is the time left in the
//   current period, which is the full period length except while the player thinks in it
//   (state() of the running clock).
// - canadian: `periodsLeft` is 0 in main time and 1 once in overtime (the player starts there
//   when mainSeconds is 0); then `periodMs` is the time left in the current period and
//   `stonesLeft` the moves still due in it.
// - absolute, fischer: only `mainMs`.
// A player whose time ran out has all four at 0 (mainMs 0 and periodsLeft 0 means exactly that).
struct ClockState {
  int64_t mainMs = 0;
  int periodsLeft = 0;
  int64_t periodMs = 0;
  int stonesLeft = 0;
  bool operator==(const ClockState&) const = default;
  // {"mainMs":…,"periodsLeft":…,"periodMs":…,"stonesLeft":…}
  boost::json::object toJson() const;
};

// Both players' clocks. Out of time means the remaining time reached 0: a move at the very
// instant deadlineMs() is too late, one 1 ms earlier is in time. A time earlier than the
// running clock's start counts as no time spent.
class GameClock {
 public:
  explicit GameClock(TimeControl control = {});

  const TimeControl& control() const { return control_; }
  bool enabled() const { return control_.kind != TimeKind::None; }

  // Starts `color`'s clock at nowMs; a running opponent clock stops as in stop(). Nothing
  // changes if `color`'s clock already runs.
  void start(go::Color color, int64_t nowMs);
  // Stops whichever clock runs, charging its player up to nowMs (removal phase, game end).
  // Charged like a move without its reward (no canadian stone, no fischer increment); a
  // byoyomi period in progress is kept, as when a move is made in it.
  void stop(int64_t nowMs);
  // The running player finished a move (or pass) at nowMs: charge the time, apply the
  // overtime rule (period kept or used, canadian stones, fischer increment), then start the
  // opponent's clock. Returns false (and changes nothing) if the player's time had run out
  // by nowMs (nowMs >= deadlineMs()): the caller ends the game on time instead. Without a running
  // clock nothing changes and the answer is true (there is no time to run out). Fischer: the
  // increment is added up to maxSeconds; a cap never takes time away.
  bool moveMade(int64_t nowMs);
  // Restarts the running clock at nowMs after a server restart. The running player is charged
  // up to aliveUntilMs, the last time the previous server was known alive (never beyond
  // nowMs), and not for the downtime after it; without aliveUntilMs nothing since the clock
  // last started is charged (logs written before the liveness time was recorded).
  void restart(int64_t nowMs, std::optional<int64_t> aliveUntilMs = std::nullopt);
  // Pauses both clocks at nowMs (a player's vacation): the running player is charged up to
  // nowMs, and nothing more until resume(). Moves may still be made while paused: each turn
  // then starts with nothing charged. No deadline while paused. Pausing twice changes nothing.
  void pause(int64_t nowMs);
  // Ends a pause: the running clock charges again from nowMs.
  void resume(int64_t nowMs);
  bool paused() const { return paused_; }

  std::optional<go::Color> running() const { return running_; }
  // When the running player's time runs out, nullopt when none runs or without a control.
  std::optional<int64_t> deadlineMs() const;
  // Remaining time of `color` as of nowMs (the running clock is charged up to nowMs).
  ClockState state(go::Color color, int64_t nowMs) const;
  // {"black":{mainMs,periodsLeft,periodMs,stonesLeft},"white":{…},"running":"black"|null,
  //  "serverTimeMs":nowMs}, plus "pauseOnWeekends":true when the control pauses on weekends
  // (clients then count down only outside weekends) and "paused":true while paused (clients
  // then do not count down at all), or null without a time control.
  boost::json::value toJson(int64_t nowMs) const;

 private:
  TimeControl control_;
  ClockState clocks_[2];
  std::optional<go::Color> running_;
  int64_t startedMs_ = 0;
  // Time of the current think charged before startedMs_ (up to a server's last sign of life).
  int64_t thinkMs_ = 0;
  bool paused_ = false;

  int64_t elapsedMs(int64_t nowMs) const;
};

}  // namespace tengen::game
